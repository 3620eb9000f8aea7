import type { AlarmMessage, LiveDeviceState } from '@coldchain/shared';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { StoredReading } from '../telemetry/telemetry-events.ts';

/** What travels between nodes: one device's new readings or its new state. */
export type LiveEvent =
  | { type: 'readings'; deviceId: number; readings: StoredReading[] }
  | { type: 'status'; deviceId: number; state: LiveDeviceState }
  /** an alarm message of the device was created or changed (alarm engine) */
  | { type: 'alarm'; deviceId: number; accountId: number; message: AlarmMessage };

/**
 * Carries live events to every node that has a socket following the device. In process on one node;
 * over Redis pub/sub (one channel per device) between nodes.
 */
export interface Fanout {
  readonly kind: 'local' | 'redis';
  publish(event: LiveEvent): void;
  /** This node starts receiving a device's events (resolves once that is in effect). */
  follow(deviceId: number): Promise<void>;
  unfollow(deviceId: number): Promise<void>;
  onEvent(handler: (event: LiveEvent) => void): void;
  close(): Promise<void>;
}

/** One node: events go straight to the local hub. */
export class LocalFanout implements Fanout {
  readonly kind = 'local';
  private handler: (event: LiveEvent) => void = () => {};

  publish(event: LiveEvent): void {
    this.handler(event);
  }
  async follow(): Promise<void> {}
  async unfollow(): Promise<void> {}
  onEvent(handler: (event: LiveEvent) => void): void {
    this.handler = handler;
  }
  async close(): Promise<void> {}
}

/**
 * Several nodes: every node publishes what it ingested to the device's channel and subscribes to the
 * channels of the devices its sockets follow, so an event reaches each interested node once
 * (including the publishing node itself, which therefore does not deliver locally as well).
 */
export class RedisFanout implements Fanout {
  readonly kind = 'redis';
  private readonly pub: Redis;
  private readonly sub: Redis;
  private handler: (event: LiveEvent) => void = () => {};

  constructor(
    url: string,
    private readonly prefix: string,
    log: FastifyBaseLogger,
  ) {
    const options = { enableAutoPipelining: true, maxRetriesPerRequest: null, lazyConnect: false };
    this.pub = new Redis(url, options);
    this.sub = new Redis(url, options);
    for (const client of [this.pub, this.sub]) {
      client.on('error', (error: Error) => log.warn({ err: error }, 'redis (live fan-out) error'));
    }
    this.sub.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.channelPrefix)) return;
      try {
        this.handler(JSON.parse(message) as LiveEvent);
      } catch (error) {
        log.warn({ err: error, channel }, 'unreadable live event');
      }
    });
  }

  private get channelPrefix() {
    return `${this.prefix}live:device:`;
  }

  private channel(deviceId: number) {
    return `${this.channelPrefix}${deviceId}`;
  }

  publish(event: LiveEvent): void {
    this.pub.publish(this.channel(event.deviceId), JSON.stringify(event)).catch(() => {
      // Live data is best effort: the reading is stored, and the page reloads it over HTTP.
    });
  }

  async follow(deviceId: number): Promise<void> {
    await this.sub.subscribe(this.channel(deviceId));
  }

  async unfollow(deviceId: number): Promise<void> {
    await this.sub.unsubscribe(this.channel(deviceId));
  }

  onEvent(handler: (event: LiveEvent) => void): void {
    this.handler = handler;
  }

  async close(): Promise<void> {
    await Promise.allSettled([this.pub.quit(), this.sub.quit()]);
  }
}

export function createFanout(
  config: { redisUrl: string | undefined; redisPrefix: string },
  log: FastifyBaseLogger,
): Fanout {
  return config.redisUrl ? new RedisFanout(config.redisUrl, config.redisPrefix, log) : new LocalFanout();
}
