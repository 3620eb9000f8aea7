// `npm run mqtt:export-mosquitto -- --out DIR --server-user NAME --server-password PASSWORD`
// Writes DIR/passwords and DIR/acl for an external Mosquitto (MQTT_URL mode): one user per enabled
// device (GUID and its current secret) plus the server nodes' user. Run it again, and reload
// Mosquitto (SIGHUP), after adding, stopping or rotating devices. Reads DATABASE_URL and DEVICE_KEY
// (or the key file under DATA_DIR) like the server.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { resolveDeviceKey } from '../context.ts';
import { createDb } from '../db/create-db.ts';
import { deviceSecret } from './device-credentials.ts';
import { mosquittoAcl, mosquittoPasswordLine } from './mosquitto-files.ts';

const { values } = parseArgs({
  options: {
    out: { type: 'string', default: '.' },
    'server-user': { type: 'string', default: 'coldchain-server' },
    'server-password': { type: 'string' },
  },
});
const serverPassword = values['server-password'];
if (!serverPassword) {
  console.error('--server-password is required (the password in MQTT_URL of the server nodes)');
  process.exit(2);
}
const config = loadConfig();
const deviceKey = resolveDeviceKey(config);
const db = createDb(config.databaseUrl);
try {
  const devices = await db
    .selectFrom('device')
    .select(['deviceGuid', 'credentialRotation'])
    .where('useState', '=', 'enabled')
    .where('deletedFlag', '=', 0)
    .orderBy('deviceGuid')
    .execute();
  const lines = [mosquittoPasswordLine(values['server-user'], serverPassword)];
  for (const d of devices) {
    lines.push(
      mosquittoPasswordLine(d.deviceGuid, deviceSecret(deviceKey, d.deviceGuid, d.credentialRotation)),
    );
  }
  fs.mkdirSync(values.out, { recursive: true });
  fs.writeFileSync(path.join(values.out, 'passwords'), `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.writeFileSync(path.join(values.out, 'acl'), mosquittoAcl(values['server-user']));
  console.log(
    `${devices.length} devices and ${values['server-user']} written to ${path.resolve(values.out)}`,
  );
} finally {
  await db.destroy();
}
