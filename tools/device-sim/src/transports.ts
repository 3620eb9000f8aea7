import type { UpgradeReport } from '@coldchain/shared';
import {
  type CommandAck,
  type DeviceCommandMessage,
  type DeviceEventPayload,
  deviceTopic,
  type TelemetryRecord,
} from '@coldchain/shared/device-protocol';
import mqtt, { type MqttClient } from 'mqtt';
import type { DeviceIdentity } from './simulated-device.ts';

/** What a device does with a command; the answer becomes its acknowledgement. */
export type CommandHandler = (command: DeviceCommandMessage) => Promise<Omit<CommandAck, 'id'>>;

/** How a simulated device reaches the platform (docs/protocol.md). Sends resolve once acknowledged. */
export interface Transport {
  connect(): Promise<void>;
  sendTelemetry(records: TelemetryRecord[]): Promise<void>;
  sendEvents(events: DeviceEventPayload[]): Promise<void>;
  /** HTTP devices ask for commands; MQTT devices get them pushed. */
  pollCommands(): Promise<void>;
  /** Progress and result of an online upgrade (`devices/{guid}/upgrade`). */
  sendUpgradeReport(report: UpgradeReport): Promise<void>;
  close(): Promise<void>;
}

/** MQTT: QoS 1 publishes (resolved on PUBACK), commands on `devices/{guid}/commands`. */
export class MqttTransport implements Transport {
  private client: MqttClient | null = null;
  private readonly handled = new Set<number>();

  constructor(
    private readonly url: string,
    private readonly device: DeviceIdentity,
    private readonly onCommand: CommandHandler,
  ) {}

  async connect(): Promise<void> {
    const client = await mqtt.connectAsync(this.url, {
      clientId: `sim-${this.device.guid}`,
      username: this.device.guid,
      password: this.device.secret,
      protocolVersion: 4,
      clean: true,
      keepalive: 60,
      reconnectPeriod: 2_000,
      connectTimeout: 10_000,
    });
    client.on('error', () => {});
    client.on('message', (topic, payload) => {
      if (topic !== deviceTopic(this.device.guid, 'commands')) return;
      void this.command(JSON.parse(payload.toString()) as DeviceCommandMessage);
    });
    await client.subscribeAsync(deviceTopic(this.device.guid, 'commands'), { qos: 1 });
    this.client = client;
  }

  private async command(command: DeviceCommandMessage): Promise<void> {
    // A command may come again (resent before the acknowledgement arrived): carry it out once.
    const answer = this.handled.has(command.id) ? { ok: true } : await this.onCommand(command);
    this.handled.add(command.id);
    const ack: CommandAck = { id: command.id, ...answer };
    await this.client?.publishAsync(deviceTopic(this.device.guid, 'commandAck'), JSON.stringify(ack), {
      qos: 1,
    });
  }

  async sendTelemetry(records: TelemetryRecord[]): Promise<void> {
    await this.publish('telemetry', JSON.stringify({ records }));
  }

  async sendEvents(events: DeviceEventPayload[]): Promise<void> {
    await this.publish('events', JSON.stringify({ events }));
  }

  async pollCommands(): Promise<void> {}

  async sendUpgradeReport(report: UpgradeReport): Promise<void> {
    await this.publish('upgrade', JSON.stringify(report));
  }

  private async publish(kind: 'telemetry' | 'events' | 'upgrade', payload: string): Promise<void> {
    const client = this.client;
    if (!client?.connected) throw new Error('not connected');
    await client.publishAsync(deviceTopic(this.device.guid, kind), payload, { qos: 1 });
  }

  async close(): Promise<void> {
    await this.client?.endAsync();
    this.client = null;
  }
}

/** HTTP ingest: POST with Basic auth (GUID and secret), commands fetched at each upload. */
export class HttpTransport implements Transport {
  private readonly base: string;
  private readonly auth: string;

  constructor(
    url: string,
    device: DeviceIdentity,
    private readonly onCommand: CommandHandler,
  ) {
    this.base = `${url.replace(/\/$/, '')}/api/mqtt-broker/transport/service/devices/${device.guid}`;
    this.auth = `Basic ${Buffer.from(`${device.guid}:${device.secret}`).toString('base64')}`;
  }

  async connect(): Promise<void> {}

  async sendTelemetry(records: TelemetryRecord[]): Promise<void> {
    await this.post('telemetry', { records });
  }

  async sendEvents(events: DeviceEventPayload[]): Promise<void> {
    await this.post('events', { events });
  }

  async pollCommands(): Promise<void> {
    const response = await fetch(`${this.base}/commands`, { headers: { authorization: this.auth } });
    if (!response.ok) throw new Error(`commands: HTTP ${response.status}`);
    const answer = (await response.json()) as { data: DeviceCommandMessage[] };
    for (const command of answer.data) {
      const result = await this.onCommand(command);
      await this.post('commands/ack', { id: command.id, ...result });
    }
  }

  async sendUpgradeReport(report: UpgradeReport): Promise<void> {
    await this.post('upgrade', report);
  }

  private async post(path: string, body: unknown): Promise<void> {
    const response = await fetch(`${this.base}/${path}`, {
      method: 'POST',
      headers: { authorization: this.auth, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!response.ok) throw new Error(`${path}: HTTP ${response.status} ${await response.text()}`);
  }

  async close(): Promise<void> {}
}
