import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import mqtt from 'mqtt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deviceSecret } from './device-credentials.ts';
import { mosquittoAcl, mosquittoPasswordLine } from './mosquitto-files.ts';
import { freePort } from './test-support.ts';

const KEY = 'k'.repeat(40);
const A = '86200000000000000001';
const B = '86200000000000000002';
const hasMosquitto = fs.existsSync('/usr/sbin/mosquitto');
let broker: ChildProcess | null = null;
let port = 0;
let dir = '';

beforeAll(async () => {
  if (!hasMosquitto) return;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'coldchain-mosquitto-'));
  port = await freePort();
  const lines = [
    mosquittoPasswordLine('server', 'server-pw'),
    mosquittoPasswordLine(A, deviceSecret(KEY, A, 0)),
    mosquittoPasswordLine(B, deviceSecret(KEY, B, 0)),
  ];
  fs.writeFileSync(path.join(dir, 'passwords'), `${lines.join('\n')}\n`, { mode: 0o600 });
  fs.writeFileSync(path.join(dir, 'acl'), mosquittoAcl('server'));
  fs.writeFileSync(
    path.join(dir, 'mosquitto.conf'),
    [
      `listener ${port} 127.0.0.1`,
      'allow_anonymous false',
      `password_file ${path.join(dir, 'passwords')}`,
      `acl_file ${path.join(dir, 'acl')}`,
      'persistence false',
      // Run as whoever runs the tests (root drops to the mosquitto user, which cannot read our files).
      `user ${os.userInfo().username}`,
      '',
    ].join('\n'),
  );
  broker = spawn('/usr/sbin/mosquitto', ['-c', path.join(dir, 'mosquitto.conf')], { stdio: 'ignore' });
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const ok = await mqtt
      .connectAsync(`mqtt://127.0.0.1:${port}`, {
        username: 'server',
        password: 'server-pw',
        reconnectPeriod: 0,
      })
      .then(
        (c) => c.endAsync().then(() => true),
        () => false,
      );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
});

afterAll(() => {
  broker?.kill('SIGTERM');
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

const connect = (username: string, password: string) =>
  mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    username,
    password,
    reconnectPeriod: 0,
    protocolVersion: 5,
  });

describe.runIf(hasMosquitto)('exported Mosquitto password and ACL files', () => {
  it('let devices in with their platform secret and keep each under its own GUID', async () => {
    await expect(connect(A, 'wrong')).rejects.toThrow();
    const server = await connect('server', 'server-pw');
    const received: string[] = [];
    server.on('message', (topic) => received.push(topic));
    await server.subscribeAsync('$share/g/devices/+/telemetry', { qos: 1 });
    const device = await connect(A, deviceSecret(KEY, A, 0));
    // MQTT 5 gets a PUBACK with "not authorized"; the message goes nowhere.
    await expect(device.publishAsync(deviceTopic(B, 'telemetry'), '{}', { qos: 1 })).rejects.toThrow(
      /Not authorized/,
    );
    await device.publishAsync(deviceTopic(A, 'telemetry'), '{}', { qos: 1 });
    await expect.poll(() => received).toEqual([deviceTopic(A, 'telemetry')]);
    // Mosquitto accepts the subscription but checks read access on delivery: A gets only its own commands.
    const commands: string[] = [];
    device.on('message', (topic) => commands.push(topic));
    await device.subscribeAsync([deviceTopic(B, 'commands'), deviceTopic(A, 'commands')], { qos: 1 });
    await server.publishAsync(deviceTopic(B, 'commands'), '{}', { qos: 1 });
    await server.publishAsync(deviceTopic(A, 'commands'), '{}', { qos: 1 });
    await expect.poll(() => commands).toEqual([deviceTopic(A, 'commands')]);
    await Promise.all([device.endAsync(), server.endAsync()]);
  });
});
