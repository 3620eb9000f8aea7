import net from 'node:net';
import { deviceTopic } from '@coldchain/shared/device-protocol';
import mqttPacket from 'mqtt-packet';

/** One device connection speaking MQTT on a plain socket (QoS 1), so the load costs little CPU. */
export class DeviceConnection {
  private readonly parser = mqttPacket.parser({ protocolVersion: 4 });
  private nextId = 1;
  /** device-time seconds published so far */
  seq = 0;
  inflight = 0;

  private constructor(
    private readonly socket: net.Socket,
    readonly guid: string,
    private readonly base: number,
  ) {}

  static connect(port: number, guid: string, secret: string, base: number): Promise<DeviceConnection> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ port, host: '127.0.0.1', noDelay: true });
      const connection = new DeviceConnection(socket, guid, base);
      socket.once('error', reject);
      connection.parser.on('packet', (packet) => {
        if (packet.cmd === 'connack') {
          if (packet.returnCode === 0) resolve(connection);
          else reject(new Error(`CONNACK ${packet.returnCode} for ${guid}`));
        } else if (packet.cmd === 'puback') connection.inflight -= 1;
      });
      socket.on('data', (chunk) => connection.parser.parse(chunk));
      socket.write(
        mqttPacket.generate({
          cmd: 'connect',
          protocolId: 'MQTT',
          protocolVersion: 4,
          clean: true,
          clientId: `alarm-bench-${guid}`,
          keepalive: 60,
          username: guid,
          password: Buffer.from(secret),
        }),
      );
    });
  }

  /** One record of a two-probe logger; probe 1's temperature is `probe1` (in range unless told). */
  publish(probe1?: number): void {
    const messageId = this.nextId;
    this.nextId = this.nextId === 65_535 ? 1 : this.nextId + 1;
    const ts = this.base + this.seq * 1000;
    this.seq += 1;
    const v = (this.seq % 50) / 10;
    const t1 = probe1 ?? 4 + v / 2;
    const payload = `{"records":[{"ts":${ts},"values":[{"kind":"temperature","probe":1,"value":${t1}},{"kind":"humidity","probe":1,"value":${50 + v}},{"kind":"temperature","probe":2,"value":${-18 + v}},{"kind":"humidity","probe":2,"value":${40 + v}}]}]}`;
    this.inflight += 1;
    this.socket.write(
      mqttPacket.generate({
        cmd: 'publish',
        qos: 1,
        dup: false,
        retain: false,
        messageId,
        topic: deviceTopic(this.guid, 'telemetry'),
        payload,
      }),
    );
  }

  close(): void {
    this.socket.destroy();
  }
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
}

export async function waitFor(check: () => boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 20));
  }
  return true;
}
