import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/create-db.ts';
import type { ReadingsCommitted, TelemetryEvents } from '../../telemetry/telemetry-events.ts';
import { type GeofencesRepo, parseAreas } from '../geofences/geofences.repo.ts';
import { inFence } from '../geofences/geometry.ts';
import { LAT_CHANNEL, LON_CHANNEL } from './waybill-data.ts';
import type { WaybillLifecycle } from './waybill-lifecycle.ts';
import type { WaybillRecord, WaybillsRepo } from './waybills.repo.ts';

interface Position {
  ts: number;
  lat: number;
  lon: number;
}

/** Positions of a batch: instants that carry both a latitude and a longitude, in device-time order. */
export function positionsOf(batch: Pick<ReadingsCommitted, 'readings'>): Position[] {
  const byTs = new Map<number, { lat?: number; lon?: number }>();
  for (const r of batch.readings) {
    if (r.channel !== LAT_CHANNEL && r.channel !== LON_CHANNEL) continue;
    const entry = byTs.get(r.ts) ?? {};
    if (r.channel === LAT_CHANNEL) entry.lat = r.value;
    else entry.lon = r.value;
    byTs.set(r.ts, entry);
  }
  return [...byTs.entries()]
    .filter(
      (e): e is [number, { lat: number; lon: number }] => e[1].lat !== undefined && e[1].lon !== undefined,
    )
    .map(([ts, p]) => ({ ts, lat: p.lat, lon: p.lon }))
    .sort((a, b) => a.ts - b.ts);
}

/**
 * Starts and stops waybills from device positions (002 §4: "by entering and leaving a geofence").
 * It follows committed readings on ctx.telemetryEvents; positions are the latitude and longitude
 * channels ingest stores from `records[].position`. A crossing is a change between two consecutive
 * positions (outside -> inside is "enter", inside -> outside "leave"), so the first position only
 * sets where the device is. Whether the device was last inside is kept on the waybill row, so a
 * restart or another node continues where this one stopped. A waybill whose device type starts only
 * at the device starts with the first readings the device sends after it was created.
 *
 * Batches are handled one after another; `idle()` resolves when all received so far are done.
 */
export class FenceTracker {
  private queue: Promise<void> = Promise.resolve();
  private readonly listener = (batch: ReadingsCommitted) => {
    this.queue = this.queue
      .then(() => this.handle(batch))
      .catch((error: unknown) => {
        this.log.warn({ err: error, deviceId: batch.deviceId }, 'waybill fence tracking failed');
      });
  };
  /** Devices with waybills to follow; refreshed by refresh() (sweep ticks and local changes). */
  private followed = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly repo: WaybillsRepo,
    private readonly fences: GeofencesRepo,
    private readonly lifecycle: WaybillLifecycle,
    private readonly log: FastifyBaseLogger,
  ) {}

  attach(events: TelemetryEvents): void {
    events.on('readings', this.listener);
  }

  detach(events: TelemetryEvents): void {
    events.off('readings', this.listener);
  }

  idle(): Promise<void> {
    return this.queue;
  }

  /**
   * The devices worth a look: a waybill not started that starts on a fence or only at the device,
   * or one in progress that stops on a fence. Keeping this set in memory spares ingest a query per
   * message for the many devices without such waybills.
   */
  async refresh(): Promise<void> {
    const rows = await this.db
      .selectFrom('waybill')
      .innerJoin('device', 'device.id', 'waybill.deviceId')
      .innerJoin('deviceType', 'deviceType.id', 'device.deviceTypeId')
      .select('waybill.deviceId')
      .where((eb) =>
        eb.or([
          eb.and([
            eb('waybill.waybillState', '=', 0),
            eb.or([eb('waybill.startTrigger', '=', 'geofence'), eb('deviceType.waybillStatus', '!=', 1)]),
          ]),
          eb.and([eb('waybill.waybillState', '=', 1), eb('waybill.stopTrigger', '=', 'geofence')]),
        ]),
      )
      .execute();
    this.followed = new Set(rows.map((r) => r.deviceId));
  }

  private async handle(batch: ReadingsCommitted): Promise<void> {
    if (!this.followed.has(batch.deviceId) || batch.readings.length === 0) return;
    const positions = positionsOf(batch);
    const waybills = await this.repo.trackedOnDevice(batch.deviceId);
    const device = await this.repo.device(batch.deviceId);
    let moved = false;
    for (const waybill of waybills) {
      if (waybill.waybillState === 0 && device && device.waybillStatus !== 1) {
        moved = (await this.startedAtDevice(waybill, batch)) || moved;
        continue;
      }
      if (positions.length) moved = (await this.follow(waybill, positions)) || moved;
    }
    // A waybill that moved on may leave the set (ended) or need its stop fence followed.
    if (moved) await this.refresh();
  }

  /** A device that starts only at the device reports once started: its first reading after creation. */
  private async startedAtDevice(waybill: WaybillRecord, batch: ReadingsCommitted): Promise<boolean> {
    const created = Date.parse(waybill.createdAt);
    const first = batch.readings.find((r) => r.ts >= created);
    return first ? this.lifecycle.start(waybill, 'device', first.ts) : false;
  }

  /** Follows one waybill's fences along the positions; true when it moved on. */
  private async follow(initial: WaybillRecord, positions: readonly Position[]): Promise<boolean> {
    let row = initial;
    const state = JSON.parse(row.fenceState) as Record<string, boolean>;
    const fenceIds = [row.startFenceId, row.stopFenceId].filter((id): id is number => id !== null);
    const fences = new Map((await this.fences.byIds(fenceIds)).map((f) => [f.id, parseAreas(f)]));
    for (const p of positions) {
      if (row.waybillState > 1) break;
      const starting = row.waybillState === 0;
      const trigger = starting ? row.startTrigger : row.stopTrigger;
      const fenceId = starting ? row.startFenceId : row.stopFenceId;
      if (trigger !== 'geofence' || fenceId === null) continue;
      const areas = fences.get(fenceId);
      if (!areas) continue;
      const key = `${starting ? 'start' : 'stop'}:${fenceId}`;
      const inside = inFence(p, areas);
      const before = state[key];
      state[key] = inside;
      if (before === undefined || before === inside) continue;
      const event = inside ? 'enter' : 'leave';
      if (event !== (starting ? row.startFenceEvent : row.stopFenceEvent)) continue;
      const moved = starting
        ? await this.lifecycle.start(row, 'geofence', p.ts)
        : await this.lifecycle.stop(row, 'geofence', p.ts);
      if (!moved) return initial.waybillState !== row.waybillState;
      // After the start the stop fence is followed from this very position on.
      row = { ...row, waybillState: starting ? 1 : 2 };
      if (starting && row.stopFenceId !== null) {
        const stopAreas = fences.get(row.stopFenceId);
        if (stopAreas) state[`stop:${row.stopFenceId}`] = inFence(p, stopAreas);
      }
    }
    if (row.waybillState <= 1) await this.repo.update(row.id, { fenceState: JSON.stringify(state) });
    else await this.repo.update(row.id, { fenceState: '{}' });
    return initial.waybillState !== row.waybillState;
  }
}
