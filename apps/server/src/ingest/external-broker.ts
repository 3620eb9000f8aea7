import {
  DEVICE_TOPIC_ROOT,
  DEVICE_TOPICS,
  deviceTopic,
  type RejectNotice,
} from '@coldchain/shared/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import mqtt, { type IPublishPacket, type MqttClient } from 'mqtt';
import type { Downlink } from './command-dispatcher.ts';
import { parseTopic } from './decode.ts';
import type { IngestService } from './ingest-service.ts';

export interface ExternalBrokerOptions {
  url: string;
  /** Stable per node, so the node's persistent session (and what waits in it) survives a restart. */
  clientId: string;
  /** Subscriber connections per node; each takes part in the shared subscription. */
  connections: number;
  /** Shared-subscription group of this platform's nodes. */
  group: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
}

/** Handed to mqtt.js instead of an acknowledgement: see handleMessage below. */
class AckLater extends Error {}

interface PubackSender {
  _sendPacket(packet: { cmd: 'puback'; messageId: number; reasonCode: number }): void;
}

const UPLINKS = [
  DEVICE_TOPICS.telemetry,
  DEVICE_TOPICS.events,
  DEVICE_TOPICS.commandAck,
  DEVICE_TOPICS.upgrade,
];

/**
 * External-broker mode (MQTT_URL): devices talk to Mosquitto or EMQX, which authenticates them and
 * limits each to its own topics; every server node joins the shared subscription
 * `$share/{MQTT_SHARED_GROUP}/devices/+/{telemetry,events,commands/ack}` with MQTT 5, so each message goes to
 * one node. A node acknowledges a message to the broker only after committing it. mqtt.js handles
 * incoming publishes one at a time and sends the PUBACK when handleMessage calls back, which would
 * allow one commit per message; so handleMessage lets the next message in at once (the callback
 * gets an AckLater error, which makes mqtt.js skip its PUBACK), and the PUBACK is sent after the
 * commit, on the same connection only: after a reconnect the broker redelivers, and the unique key
 * drops the repeat. Sessions are persistent (clean: false), so messages for a node that restarts wait
 * for it at the broker.
 */
export class ExternalBroker implements Downlink {
  readonly counters = { unknownDevice: 0, storageFailures: 0 };

  private constructor(
    private readonly clients: MqttClient[],
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(options: ExternalBrokerOptions): Promise<ExternalBroker> {
    const clients: MqttClient[] = [];
    const self = new ExternalBroker(clients, options.log);
    for (let i = 0; i < options.connections; i += 1) {
      const client = mqtt.connect(options.url, {
        protocolVersion: 5,
        clean: false,
        clientId: options.connections === 1 ? options.clientId : `${options.clientId}-${i + 1}`,
        properties: { sessionExpiryInterval: 86_400, receiveMaximum: 1_000 },
        reconnectPeriod: 1_000,
        connectTimeout: 10_000,
      });
      client.handleMessage = (packet, callback) => self.receive(client, packet, callback, options);
      client.on('connect', () => {
        const topics = UPLINKS.map((s) => `$share/${options.group}/${DEVICE_TOPIC_ROOT}/+/${s}`);
        client.subscribe(topics, { qos: 1 }, (error) => {
          if (error) options.log.error({ err: error }, 'shared subscription refused by the MQTT broker');
        });
      });
      client.on('error', (error) => options.log.warn({ err: error }, 'MQTT broker connection error'));
      clients.push(client);
    }
    await Promise.all(
      clients.map(
        (client) =>
          new Promise<void>((resolve, reject) => {
            const timer = setTimeout(
              () => reject(new Error(`MQTT broker at ${options.url} did not answer`)),
              10_000,
            );
            client.once('connect', () => {
              clearTimeout(timer);
              resolve();
            });
          }),
      ),
    );
    return self;
  }

  private receive(
    client: MqttClient,
    packet: IPublishPacket,
    callback: (error?: Error) => void,
    options: ExternalBrokerOptions,
  ): void {
    const { messageId, qos } = packet;
    const stream = client.stream;
    if (qos === 1) callback(new AckLater());
    const ack = () => {
      if (qos === 0) return callback();
      if (qos !== 1 || messageId === undefined || client.stream !== stream || !client.connected) return;
      (client as unknown as PubackSender)._sendPacket({ cmd: 'puback', messageId, reasonCode: 0 });
    };
    this.store(packet, options).then(ack, (error: unknown) => {
      this.counters.storageFailures += 1;
      this.log.error({ err: error }, 'could not store a message from the MQTT broker; reconnecting');
      // No PUBACK: drop the connection so that the broker delivers the message again.
      if (qos === 0) callback();
      else client.stream.destroy();
    });
  }

  private async store(packet: IPublishPacket, options: ExternalBrokerOptions): Promise<void> {
    const topic = packet.topic;
    const parsed = parseTopic(topic);
    if (!parsed?.kind) return;
    const device = await options.ingest.current(parsed.guid);
    if (!device) {
      // The broker let it in, but the platform does not know the GUID: nothing to count it against.
      this.counters.unknownDevice += 1;
      return;
    }
    const payload = typeof packet.payload === 'string' ? Buffer.from(packet.payload) : packet.payload;
    const result = await options.ingest.handle(device, parsed.kind, topic, Buffer.from(payload));
    if (!result.ok) {
      const notice: RejectNotice = { topic, reason: result.reason, detail: result.detail };
      this.publish(deviceTopic(device.guid, 'rejects'), JSON.stringify(notice), 0).catch(() => {});
    }
  }

  reachable(): boolean {
    // The broker queues QoS 1 messages for devices with persistent sessions; resends cover the rest.
    return true;
  }

  async publish(topic: string, payload: string, qos: 0 | 1): Promise<void> {
    const client = this.clients.find((c) => c.connected) ?? this.clients[0];
    if (!client) throw new Error('no MQTT broker connection');
    await client.publishAsync(topic, payload, { qos });
  }

  async close(): Promise<void> {
    await Promise.all(this.clients.map((c) => c.endAsync()));
  }
}
