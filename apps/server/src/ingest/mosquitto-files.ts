import crypto from 'node:crypto';
import { DEVICE_TOPIC_ROOT, DEVICE_TOPICS } from '@coldchain/shared/device-protocol';

/** PBKDF2 rounds of Mosquitto 2's `$7$` password hashes (mosquitto_passwd's default). */
const MOSQUITTO_ITERATIONS = 101;

/** One line of a Mosquitto 2 password file: `user:$7$101$salt$hash` (PBKDF2-SHA512, as mosquitto_passwd writes). */
export function mosquittoPasswordLine(user: string, password: string): string {
  const salt = crypto.randomBytes(12);
  const hash = crypto.pbkdf2Sync(password, salt, MOSQUITTO_ITERATIONS, 64, 'sha512');
  return `${user}:$7$${MOSQUITTO_ITERATIONS}$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * A Mosquitto ACL file: each device (user name = GUID) reads and writes only its own topics; the
 * server nodes' user reads every device's uplinks (through the shared subscription) and writes
 * commands and reject notices.
 */
export function mosquittoAcl(serverUser: string): string {
  const own = (suffix: string) => `${DEVICE_TOPIC_ROOT}/%u/${suffix}`;
  const every = (suffix: string) => `${DEVICE_TOPIC_ROOT}/+/${suffix}`;
  return [
    '# Coldchain Cloud devices: user name = device GUID, only their own topics (docs/protocol.md)',
    `pattern write ${own(DEVICE_TOPICS.telemetry)}`,
    `pattern write ${own(DEVICE_TOPICS.events)}`,
    `pattern write ${own(DEVICE_TOPICS.commandAck)}`,
    `pattern write ${own(DEVICE_TOPICS.upgrade)}`,
    `pattern read ${own(DEVICE_TOPICS.commands)}`,
    `pattern read ${own(DEVICE_TOPICS.rejects)}`,
    '',
    '# Coldchain Cloud server nodes',
    `user ${serverUser}`,
    `topic read ${every(DEVICE_TOPICS.telemetry)}`,
    `topic read ${every(DEVICE_TOPICS.events)}`,
    `topic read ${every(DEVICE_TOPICS.commandAck)}`,
    `topic write ${every(DEVICE_TOPICS.commands)}`,
    `topic write ${every(DEVICE_TOPICS.rejects)}`,
    '',
  ].join('\n');
}
