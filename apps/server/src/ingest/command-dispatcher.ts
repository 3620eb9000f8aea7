import { type DeviceCommandMessage, deviceTopic } from '@coldchain/shared/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/create-db.ts';

/** How a node reaches devices: the embedded broker or the external one. */
export interface Downlink {
  /** Hands a message for a device topic to the broker. */
  publish(topic: string, payload: string, qos: 0 | 1): Promise<void>;
  /** Whether the device can be reached now (embedded: connected and subscribed here). */
  reachable(guid: string): boolean;
}

export interface DispatcherOptions {
  /** A sent command not acknowledged within this is sent again, in ms. */
  resendAfterMs: number;
  /** A command not acknowledged within this fails, in ms. */
  expireAfterMs: number;
  /** Commands looked at per poll. */
  pageSize: number;
}

export const DEFAULT_DISPATCHER_OPTIONS: DispatcherOptions = {
  resendAfterMs: 60_000,
  expireAfterMs: 86_400_000,
  pageSize: 200,
};

/**
 * Delivers device_command rows to devices on `devices/{guid}/commands` (QoS 1). A node claims a row
 * (pending -> sent) with a conditional update before publishing, so with several nodes each command
 * goes out once per attempt; an unacknowledged command is sent again after a minute and fails after a
 * day. Devices acknowledge on `devices/{guid}/commands/ack` (stored by the writer) and must treat a
 * command id they already carried out as done.
 */
export class CommandDispatcher {
  private polling: Promise<void> | null = null;

  constructor(
    private readonly db: Db,
    private readonly downlink: Downlink,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly options: DispatcherOptions = DEFAULT_DISPATCHER_OPTIONS,
  ) {}

  /** One pass over due commands (all devices, or one device that just came online). */
  poll(deviceId?: number): Promise<void> {
    if (deviceId === undefined && this.polling) return this.polling;
    const run = this.pass(deviceId).catch((error: unknown) => {
      this.log.warn({ err: error }, 'command delivery failed');
    });
    if (deviceId === undefined) {
      this.polling = run.finally(() => {
        this.polling = null;
      });
      return this.polling;
    }
    return run;
  }

  private async pass(deviceId: number | undefined): Promise<void> {
    const now = this.clock.now().getTime();
    const resendBefore = new Date(now - this.options.resendAfterMs).toISOString();
    const expiredBefore = new Date(now - this.options.expireAfterMs).toISOString();
    const nowIso = new Date(now).toISOString();
    await this.db
      .updateTable('deviceCommand')
      .set({ state: 'failed', result: JSON.stringify('expired'), ackedAt: nowIso })
      .where('state', 'in', ['pending', 'sent'])
      .where('createdAt', '<', expiredBefore)
      .execute();
    let query = this.db
      .selectFrom('deviceCommand as c')
      .innerJoin('device as d', 'd.id', 'c.deviceId')
      .select(['c.id', 'c.commandType', 'c.payload', 'c.state', 'c.sentAt', 'c.createdAt', 'd.deviceGuid'])
      .where((eb) =>
        eb.or([
          eb('c.state', '=', 'pending'),
          eb.and([eb('c.state', '=', 'sent'), eb('c.sentAt', '<', resendBefore)]),
        ]),
      )
      .orderBy('c.id')
      .limit(this.options.pageSize);
    if (deviceId !== undefined) query = query.where('c.deviceId', '=', deviceId);
    const due = await query.execute();
    for (const command of due) {
      if (!this.downlink.reachable(command.deviceGuid)) continue;
      let claim = this.db
        .updateTable('deviceCommand')
        .set({ state: 'sent', sentAt: nowIso })
        .where('id', '=', command.id)
        .where('state', '=', command.state);
      claim =
        command.sentAt === null
          ? claim.where('sentAt', 'is', null)
          : claim.where('sentAt', '=', command.sentAt);
      const claimed = await claim.executeTakeFirst();
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      const message: DeviceCommandMessage = {
        id: command.id,
        type: command.commandType,
        payload: parseJson(command.payload),
        createdAt: command.createdAt,
      };
      await this.downlink.publish(deviceTopic(command.deviceGuid, 'commands'), JSON.stringify(message), 1);
    }
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
