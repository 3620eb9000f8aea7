import net from 'node:net';
import { DEVICE_TOPIC_ROOT, deviceTopic, type RejectNotice } from '@coldchain/shared/device-protocol';
import { Aedes, type AuthenticateError, type Client, type PublishPacket } from 'aedes';
import type { FastifyBaseLogger } from 'fastify';
import type { DirectoryDevice } from '../modules/devices/device-directory.ts';
import type { Downlink } from './command-dispatcher.ts';
import type { ConnectionLog, DisconnectReason } from './connection-log.ts';
import { parseTopic } from './decode.ts';
import type { IngestService } from './ingest-service.ts';

/** CONNACK return codes of MQTT 3.1.1 (aedes declares them as a const enum, unusable here). */
const BAD_USERNAME_OR_PASSWORD = 4;
const NOT_AUTHORIZED = 5;

export interface EmbeddedBrokerOptions {
  port: number;
  host: string;
  ingest: IngestService;
  log: FastifyBaseLogger;
  /** A device subscribed to its command topic (deliver what waits for it). */
  onCommandsSubscribed: (device: DirectoryDevice) => void;
  /** Counts connects, disconnects and refused logins for the network pages. */
  connections?: ConnectionLog;
}

/** The peer address of a client's socket, when it has one. */
function addressOf(client: Client): string | null {
  const socket = client.conn as { remoteAddress?: string };
  return socket.remoteAddress?.slice(0, 64) ?? null;
}

function authError(message: string, code: number): AuthenticateError {
  return Object.assign(new Error(message), { returnCode: code }) as AuthenticateError;
}

/**
 * The MQTT broker inside the server (aedes). Devices log in with their GUID and secret, publish and
 * subscribe only under `devices/{their guid}/`, and get a PUBACK only after what they sent is
 * committed: storage happens in authorizePublish, which aedes runs before it writes the PUBACK (its
 * publish handlers run after, so storing there would acknowledge readings a crash could still lose).
 * Sockets run with TCP_NODELAY; without it every QoS 1 round trip waits about 40 ms for Nagle and
 * delayed ACKs. Refused payloads are acknowledged and dropped (so the device does not resend them
 * forever), counted, and explained on `devices/{guid}/rejects`; a publish under another GUID closes
 * the connection.
 */
export class EmbeddedBroker implements Downlink {
  private readonly devices = new WeakMap<Client, DirectoryDevice>();
  /** GUID -> the client subscribed to its command topic. */
  private readonly listening = new Map<string, Client>();
  readonly counters = { foreignTopic: 0, authFailures: 0 };
  /** Why a client's connection is ending, when the broker or this server knows before it closes. */
  private readonly ending = new WeakMap<Client, DisconnectReason>();
  private closing = false;
  private connections: ConnectionLog | undefined;

  private constructor(
    private readonly broker: Aedes,
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(options: EmbeddedBrokerOptions): Promise<EmbeddedBroker> {
    const { ingest, log } = options;
    const broker = await Aedes.createBroker({ maxClientsIdLength: 128, heartbeatInterval: 60_000 });
    const server = net.createServer({ noDelay: true }, (socket) => {
      socket.setNoDelay(true);
      broker.handle(socket);
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    const address = server.address();
    const port = typeof address === 'object' && address ? address.port : options.port;
    const self = new EmbeddedBroker(broker, server, port);
    self.connections = options.connections;

    broker.authenticate = (client, username, password, done) => {
      const guid = username ?? '';
      const secret = password?.toString('utf8') ?? '';
      ingest.authenticate(guid, secret).then(
        (result) => {
          if (result.ok) {
            self.devices.set(client, result.device);
            options.connections?.connected(result.device, addressOf(client));
            done(null, true);
            return;
          }
          self.counters.authFailures += 1;
          options.connections?.refused(
            guid,
            result.why === 'notAccepted' ? 'notAccepted' : 'badCredentials',
            addressOf(client),
          );
          log.debug({ guid, why: result.why }, 'device login refused');
          const code = result.why === 'notAccepted' ? NOT_AUTHORIZED : BAD_USERNAME_OR_PASSWORD;
          done(authError(`device login refused: ${result.why}`, code), false);
        },
        (error: unknown) => {
          log.error({ err: error }, 'device login failed');
          done(authError('device login failed', NOT_AUTHORIZED), false);
        },
      );
    };

    broker.authorizePublish = (client, packet, done) => {
      // Wills of vanished clients come with no client: devices have no use for them here.
      if (!client) return done(new Error('no publisher'));
      const known = self.devices.get(client);
      if (!known) return done(new Error('not logged in'));
      self.publishFrom(client, known, packet, ingest).then(
        () => done(null),
        (error: unknown) => done(error instanceof Error ? error : new Error(String(error))),
      );
    };

    broker.authorizeSubscribe = (client, subscription, done) => {
      const device = self.devices.get(client);
      const own = device && subscription.topic.startsWith(`${DEVICE_TOPIC_ROOT}/${device.guid}/`);
      done(null, own ? subscription : null);
    };

    broker.on('subscribe', (subscriptions, client) => {
      const device = self.devices.get(client);
      if (!device) return;
      const commands = deviceTopic(device.guid, 'commands');
      if (
        subscriptions.some((s) => s.topic === commands || s.topic === `${DEVICE_TOPIC_ROOT}/${device.guid}/#`)
      ) {
        self.listening.set(device.guid, client);
        options.onCommandsSubscribed(device);
      }
    });
    broker.on('keepaliveTimeout', (client) => {
      if (!self.ending.has(client)) self.ending.set(client, 'keepaliveTimeout');
    });
    broker.on('clientDisconnect', (client) => {
      const device = self.devices.get(client);
      if (device) options.connections?.disconnected(device, self.endReason(client), addressOf(client));
      if (device && self.listening.get(device.guid) === client) self.listening.delete(device.guid);
    });
    broker.on('clientError', (client, error) => {
      if (!self.ending.has(client)) self.ending.set(client, 'connectionLost');
      log.debug({ client: client.id, err: error }, 'device connection error');
    });
    return self;
  }

  get connectedClients(): number {
    return this.broker.connectedClients;
  }

  /** Why a client's connection ended: known beforehand, a DISCONNECT packet (clean), or lost. */
  private endReason(client: Client): DisconnectReason {
    if (this.closing) return 'serverClosed';
    const known = this.ending.get(client);
    if (known) return known;
    // aedes marks a client that sent a valid DISCONNECT packet (it skips the will for those).
    return (client as unknown as { _disconnected?: boolean })._disconnected ? 'clean' : 'connectionLost';
  }

  reachable(guid: string): boolean {
    return this.listening.has(guid);
  }

  publish(topic: string, payload: string, qos: 0 | 1): Promise<void> {
    return new Promise((resolve, reject) => {
      this.broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos, retain: false, dup: false },
        (error) => (error ? reject(error) : resolve()),
      );
    });
  }

  /** Stores one publish; resolves to acknowledge it, rejects to close the connection unacknowledged. */
  private async publishFrom(
    client: Client,
    known: DirectoryDevice,
    packet: PublishPacket,
    ingest: IngestService,
  ): Promise<void> {
    const topic = packet.topic;
    const parsed = parseTopic(topic);
    // Deleted since it logged in: refuse like a stopped device.
    const device = (await ingest.current(known.guid)) ?? { ...known, deletedFlag: 1 };
    if (parsed && parsed.guid !== device.guid) {
      this.counters.foreignTopic += 1;
      this.ending.set(client, 'refused');
      ingest.reject(device, topic, 'foreignTopic', `logged in as ${device.guid}`);
      throw new Error(`device ${device.guid} published under ${parsed.guid}`);
    }
    const payload = Buffer.isBuffer(packet.payload) ? packet.payload : Buffer.from(packet.payload);
    const result =
      parsed?.kind != null
        ? await ingest.handle(device, parsed.kind, topic, payload)
        : ingest.reject(device, topic, 'unknownTopic', 'not an uplink topic');
    if (!result.ok) {
      const notice: RejectNotice = { topic, reason: result.reason, detail: result.detail };
      this.publish(deviceTopic(device.guid, 'rejects'), JSON.stringify(notice), 0).catch(() => {});
      if (result.reason === 'notAccepted') {
        this.ending.set(client, 'refused');
        setImmediate(() => client.close());
      }
    }
  }

  async close(): Promise<void> {
    this.closing = true;
    await new Promise<void>((resolve) => this.broker.close(() => resolve()));
    await this.connections?.idle();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
