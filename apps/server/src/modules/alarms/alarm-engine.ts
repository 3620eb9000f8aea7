import { ALARM_OFFLINE_SWEEP_MS, ALARM_REMINDERS_MAX, type Locale } from '@coldchain/shared';
import type { DeviceEventType } from '@coldchain/shared/device-protocol';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/create-db.ts';
import type { DeviceEventCommitted, ReadingsCommitted } from '../../telemetry/telemetry-events.ts';
import { enqueueNotifications, type NotificationIntent } from '../delivery/outbox.ts';
import { raisesAlarms } from '../device-service/service-lapse.ts';
import { DeviceAlarmConfig, pushSettingsOf, type RuleInfo, type WatchedCondition } from './alarm-config.ts';
import {
  AlarmEngineRepo,
  type AlarmMessageRow,
  type Executor,
  type StoredState,
} from './alarm-engine.repo.ts';
import { clearedAudience, intentsFor, levelAudience, TemplateBook } from './alarm-notify.ts';
import { switchedDevices } from './alarm-switch.ts';
import { evaluate, freshState, type Sample, type Transition } from './evaluate.ts';

/**
 * Device settings and rules are re-read this often, so changes made on other nodes apply within a
 * minute (changes on this node apply at once); more often costs the database a query per device.
 */
const CONFIG_TTL_MS = 60_000;
/** How often evaluated device times are written down (a restart replays at most this much). */
const CHECKPOINT_MS = 30_000;
/** States written per statement by a checkpoint. */
const CHECKPOINT_CHUNK = 200;
/** Most stored readings one replay reads (about a month of 1-minute records). */
const REPLAY_MAX = 50_000;
/** How far back a replay looks for the last in-range reading before late data. */
const REPLAY_LOOKBACK = 5_000;

interface DeviceRuntime {
  config: DeviceAlarmConfig;
  loadedAt: number;
  states: Map<string, StoredState>;
  /** conditions whose stored readings after the checkpoint were evaluated since this process loaded them */
  caughtUp: Set<string>;
  dirty: Set<string>;
}

/** Samples of one condition to evaluate; `history` reads its stored samples when late ones arrive. */
interface WorkItem {
  watched: WatchedCondition;
  samples: Sample[];
  /** the reading channel; null for events and silence */
  channel: number | null;
  history?: (earliest: number) => Promise<Sample[]>;
}

/** A message created or changed by the engine (the live hub tells the owner's console). */
export interface AlarmChange {
  messageId: number;
  accountId: number;
  deviceId: number;
  /** the owner's language, for texts shown live */
  locale: Locale;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Whether an open alarm's record still calls for reminders: untreated, or postponed (002 §4: the
 * person deals with it later). Approved and rejected alarms are settled.
 */
const remindsAbout = (record: Pick<AlarmMessageRow, 'state' | 'treatment'>): boolean =>
  record.state === 'untreated' || (record.state === 'treated' && record.treatment === 'postponed');
const stored = (s: ReturnType<typeof freshState>): StoredState => ({
  ...s,
  messageId: null,
  remindersSent: 0,
  nextReminderAt: null,
});

/** One reminder interval after an alarm was postponed; null when it was not. */
function postponedUntil(record: AlarmMessageRow, intervalMinutes: number): string | null {
  if (record.treatment !== 'postponed' || !record.handledAt) return null;
  return iso(Date.parse(record.handledAt) + intervalMinutes * 60_000);
}

/** The engine of each database, so setDeviceAlarmsEnabled can make it forget a device's settings. */
const engines = new WeakMap<Db, AlarmEngine>();
export const engineOf = (db: Db): AlarmEngine | undefined => engines.get(db);

/**
 * Evaluates committed readings and device events in device-time order per device and condition,
 * keeps the state in memory (and durable in alarm_state), writes one alarm record per excursion and
 * enqueues its notifications in the same transaction, and raises offline alarms and reminders from
 * a timer on ctx.clock. Work for one device runs one piece at a time, in arrival order.
 */
export class AlarmEngine {
  readonly repo: AlarmEngineRepo;
  readonly book: TemplateBook;
  private readonly runtimes = new Map<number, DeviceRuntime>();
  private readonly queues = new Map<number, Promise<void>>();
  private rules: { at: number; list: RuleInfo[] } | null = null;
  /** devices watched for silence: last heard (server ms) and timeout */
  private readonly watch = new Map<number, { lastSeenMs: number; timeoutMs: number }>();
  private openOffline = new Set<number>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly listeners: ((change: AlarmChange) => void)[] = [];
  private ticking: Promise<void> | null = null;
  private readonly onReadings = (batch: ReadingsCommitted) =>
    this.schedule(batch.deviceId, () => this.readings(batch));
  private readonly onEvents = (events: DeviceEventCommitted[]) => {
    const byDevice = new Map<number, DeviceEventCommitted[]>();
    for (const e of events) byDevice.set(e.deviceId, [...(byDevice.get(e.deviceId) ?? []), e]);
    for (const [deviceId, list] of byDevice) this.schedule(deviceId, () => this.events(deviceId, list));
  };

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.repo = new AlarmEngineRepo(ctx.db);
    this.book = new TemplateBook(this.repo, ctx.clock);
    engines.set(ctx.db, this);
  }

  /** Subscribes to ingest and starts the timers; `timers: false` leaves ticking to the caller (tests). */
  async start(options: { timers?: boolean } = {}): Promise<void> {
    await this.loadWatch();
    this.ctx.telemetryEvents.on('readings', this.onReadings);
    this.ctx.telemetryEvents.on('deviceEvents', this.onEvents);
    if (options.timers === false) return;
    this.every(ALARM_OFFLINE_SWEEP_MS, () => this.tick());
    this.every(CHECKPOINT_MS, () => this.checkpoint());
  }

  async stop(): Promise<void> {
    this.ctx.telemetryEvents.off('readings', this.onReadings);
    this.ctx.telemetryEvents.off('deviceEvents', this.onEvents);
    for (const timer of this.timers) clearInterval(timer);
    await this.idle();
    await this.checkpoint();
  }

  /** Tells a listener about every message the engine creates or changes. */
  onChange(listener: (change: AlarmChange) => void): void {
    this.listeners.push(listener);
  }

  /** Resolves when every device's queued work is done. */
  async idle(): Promise<void> {
    for (;;) {
      const pending = [...this.queues.values(), ...(this.ticking ? [this.ticking] : [])];
      if (pending.length === 0) return;
      await Promise.all(pending);
    }
  }

  /** Forgets a device's settings (after a change) so the next data reloads them. */
  async invalidate(deviceId: number): Promise<void> {
    const runtime = this.runtimes.get(deviceId);
    if (runtime) runtime.loadedAt = Number.NEGATIVE_INFINITY;
    const config = await this.loadConfig(deviceId);
    const timeoutMs = config?.active ? config.offlineTimeoutMs : null;
    // What this engine heard last is newer than the stored lastSeenAt, which ingest writes later.
    const stored = config?.device.lastSeenAt ? Date.parse(config.device.lastSeenAt) : null;
    const lastSeen = this.watch.get(deviceId)?.lastSeenMs ?? stored;
    if (timeoutMs === null || lastSeen === null) this.watch.delete(deviceId);
    else this.watch.set(deviceId, { lastSeenMs: lastSeen, timeoutMs });
  }

  /** Forgets cached rules and templates (after a back-office change). */
  invalidateRules(): void {
    this.rules = null;
    this.book.invalidate();
    for (const runtime of this.runtimes.values()) runtime.loadedAt = Number.NEGATIVE_INFINITY;
  }

  /** Raises due offline alarms and reminders at the clock's time (the timer calls it every second). */
  tick(): Promise<void> {
    if (!this.ticking) {
      this.ticking = this.sweep().finally(() => {
        this.ticking = null;
      });
    }
    return this.ticking;
  }

  private every(ms: number, fn: () => Promise<void>) {
    const timer = setInterval(() => {
      fn().catch((error: unknown) => this.log.error({ err: error }, 'alarm engine timer failed'));
    }, ms);
    timer.unref();
    this.timers.push(timer);
  }

  private schedule(deviceId: number, work: () => Promise<void>): Promise<void> {
    const previous = this.queues.get(deviceId) ?? Promise.resolve();
    const next = previous
      .then(work)
      .catch((error: unknown) => this.log.error({ err: error, deviceId }, 'alarm evaluation failed'));
    this.queues.set(deviceId, next);
    void next.then(() => {
      if (this.queues.get(deviceId) === next) this.queues.delete(deviceId);
    });
    return next;
  }

  private async activeRules(): Promise<RuleInfo[]> {
    const now = this.ctx.clock.now().getTime();
    if (!this.rules || Math.abs(now - this.rules.at) > CONFIG_TTL_MS)
      this.rules = { at: now, list: await this.repo.activeRules() };
    return this.rules.list;
  }

  private async loadConfig(deviceId: number): Promise<DeviceAlarmConfig | null> {
    const device = await this.repo.device(deviceId);
    if (!device) return null;
    const [probes, push, rules] = await Promise.all([
      this.repo.probes(deviceId),
      this.repo.pushConfig(deviceId),
      this.activeRules(),
    ]);
    const settings = pushSettingsOf(push, device.alarmDelay);
    const served = raisesAlarms(device, this.ctx.clock.now());
    return new DeviceAlarmConfig(device, settings, new Map(probes.map((p) => [p.probeId, p])), rules, served);
  }

  private async runtime(deviceId: number): Promise<DeviceRuntime | null> {
    const now = this.ctx.clock.now().getTime();
    let runtime = this.runtimes.get(deviceId);
    if (runtime && Math.abs(now - runtime.loadedAt) <= CONFIG_TTL_MS && !switchedDevices.has(deviceId))
      return runtime;
    const config = await this.loadConfig(deviceId);
    if (!config) return null;
    if (runtime) {
      runtime.config = config;
      runtime.loadedAt = now;
      return runtime;
    }
    runtime = {
      config,
      loadedAt: now,
      states: await this.repo.states(deviceId),
      caughtUp: new Set(),
      dirty: new Set(),
    };
    this.runtimes.set(deviceId, runtime);
    return runtime;
  }

  private async loadWatch(): Promise<void> {
    this.openOffline = await this.repo.openOffline();
    for (const row of await this.repo.offlineWatch()) {
      this.watch.set(row.deviceId, {
        lastSeenMs: Date.parse(row.lastSeenAt as string),
        timeoutMs: (row.offlineTimeoutMinutes as number) * 60_000,
      });
    }
  }

  private heard(deviceId: number, atMs: number) {
    const watched = this.watch.get(deviceId);
    if (watched && atMs > watched.lastSeenMs) watched.lastSeenMs = atMs;
  }

  /** Starts (or stops) watching a device for silence as its settings say, from the data just heard. */
  private syncWatch(runtime: DeviceRuntime, atMs: number) {
    const { id } = runtime.config.device;
    const timeoutMs = runtime.config.active ? runtime.config.offlineTimeoutMs : null;
    if (timeoutMs === null) this.watch.delete(id);
    else
      this.watch.set(id, { lastSeenMs: Math.max(atMs, this.watch.get(id)?.lastSeenMs ?? atMs), timeoutMs });
  }

  // ---- readings and events

  private async readings(batch: ReadingsCommitted): Promise<void> {
    this.heard(batch.deviceId, batch.receivedAt);
    const runtime = await this.runtime(batch.deviceId);
    if (!runtime) return;
    this.syncWatch(runtime, batch.receivedAt);
    if (!runtime.config.active) return;
    const work: WorkItem[] = [];
    const offline = this.offlineReturn(runtime, batch.receivedAt);
    if (offline) work.push(offline);
    const byChannel = new Map<number, Sample[]>();
    for (const r of batch.readings) {
      const list = byChannel.get(r.channel) ?? [];
      list.push({ ts: r.ts, value: r.value });
      byChannel.set(r.channel, list);
    }
    for (const [channel, samples] of byChannel) {
      samples.sort((a, b) => a.ts - b.ts);
      for (const watched of runtime.config.conditionsFor(channel)) work.push({ watched, samples, channel });
    }
    await this.run(batch.deviceId, runtime, work);
  }

  private async events(deviceId: number, events: DeviceEventCommitted[]): Promise<void> {
    const now = this.ctx.clock.now().getTime();
    this.heard(deviceId, now);
    const runtime = await this.runtime(deviceId);
    if (!runtime) return;
    this.syncWatch(runtime, now);
    if (!runtime.config.active) return;
    const work: WorkItem[] = [];
    const offline = this.offlineReturn(runtime, now);
    if (offline) work.push(offline);
    // One piece of work per condition, so a door that opens and closes in one batch is seen doing both.
    const byKey = new Map<string, WorkItem>();
    for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
      const found = runtime.config.eventCondition(e.type, e.state, e.probe);
      if (!found) continue;
      const key = found.watched.condition.key;
      const entry = byKey.get(key) ?? {
        watched: found.watched,
        samples: [],
        channel: null,
        history: (earliest: number) => this.replayEvents(runtime, key, e.probe, earliest),
      };
      entry.samples.push({ ts: e.ts, value: found.value });
      byKey.set(key, entry);
    }
    work.push(...byKey.values());
    await this.run(deviceId, runtime, work);
  }

  /** Data from a device with an open offline alarm ends it at the time the data arrived. */
  private offlineReturn(runtime: DeviceRuntime, atMs: number) {
    const deviceId = runtime.config.device.id;
    if (!this.openOffline.has(deviceId)) return null;
    this.openOffline.delete(deviceId);
    return { watched: runtime.config.offlineCondition(), samples: [{ ts: atMs, value: 0 }], channel: null };
  }

  /** Evaluates, then writes every transition of this piece of work in one transaction. */
  private async run(deviceId: number, runtime: DeviceRuntime, work: WorkItem[]): Promise<void> {
    const extremes: { messageId: number; value: number | null }[] = [];
    const results: {
      watched: WatchedCondition;
      before: StoredState;
      after: StoredState;
      transitions: Transition[];
    }[] = [];
    for (const { watched, samples, channel, history } of work) {
      const key = watched.condition.key;
      const before = runtime.states.get(key) ?? stored(freshState());
      const first = samples[0];
      if (!first) continue;
      let after: StoredState;
      let transitions: Transition[];
      if ((channel !== null || history) && before.lastTs !== null && first.ts <= before.lastTs) {
        // Late data: evaluate again from the last calm sample before the earliest of them.
        after = { ...before, ...freshState() };
        const replayed =
          channel !== null
            ? await this.replaySamples(deviceId, channel, watched, first.ts)
            : await (history as (earliest: number) => Promise<Sample[]>)(first.ts);
        transitions = evaluate(watched.condition, after, replayed);
      } else if (channel !== null && before.lastTs !== null && !runtime.caughtUp.has(key)) {
        // First data since this process loaded the state: stored readings after the checkpoint count too.
        after = { ...before };
        transitions = evaluate(
          watched.condition,
          after,
          await this.repo.readingsFrom(deviceId, channel, before.lastTs, true, REPLAY_MAX),
        );
      } else {
        after = { ...before };
        transitions = evaluate(watched.condition, after, samples);
      }
      if (channel !== null) runtime.caughtUp.add(key);
      runtime.dirty.add(key);
      if (transitions.length > 0) results.push({ watched, before, after, transitions });
      else {
        runtime.states.set(key, after);
        if (after.messageId !== null && after.peak !== before.peak && watched.meta.channel !== null)
          extremes.push({ messageId: after.messageId, value: after.peak });
      }
    }
    // An open alarm shows the most extreme value so far, also between level changes.
    for (const { messageId, value } of extremes) {
      await this.repo.updateMessage(this.ctx.db, messageId, {
        value,
        updatedAt: this.ctx.clock.now().toISOString(),
      });
    }
    this.publish(
      extremes.map((e) => ({
        messageId: e.messageId,
        accountId: runtime.config.device.accountId,
        deviceId,
        locale: runtime.config.device.ownerLocale,
      })),
    );
    if (results.length === 0) return;

    const changes: AlarmChange[] = [];
    const now = this.ctx.clock.now().toISOString();
    await this.book.prepare();
    await this.ctx.db.transaction().execute(async (trx) => {
      const intents: NotificationIntent[] = [];
      const saved: [string, StoredState][] = [];
      for (const r of results) {
        const applied = await this.apply(trx, runtime, r.watched, r.before, r.after, r.transitions, now);
        intents.push(...applied.intents);
        changes.push(...applied.changes);
        saved.push([r.watched.condition.key, r.after]);
      }
      await enqueueNotifications(trx, intents, this.ctx.clock);
      await this.repo.saveStates(trx, deviceId, saved, now);
    });
    for (const r of results) {
      runtime.states.set(r.watched.condition.key, r.after);
      runtime.dirty.delete(r.watched.condition.key);
    }
    this.publish(changes);
  }

  /** The stored events of one event condition from the last calm one before `earliest`, oldest first. */
  private async replayEvents(runtime: DeviceRuntime, key: string, probe: number, earliest: number) {
    const deviceId = runtime.config.device.id;
    const samplesOf = (rows: { ts: number; type: string; state: string }[]) =>
      rows.flatMap((r) => {
        const found = runtime.config.eventCondition(r.type as DeviceEventType, r.state, probe);
        return found && found.watched.condition.key === key ? [{ ts: r.ts, value: found.value }] : [];
      });
    const prior = samplesOf(await this.repo.eventsBefore(deviceId, probe, earliest, REPLAY_LOOKBACK));
    const from = prior.find((s) => s.value === 0)?.ts ?? prior[prior.length - 1]?.ts ?? earliest;
    return samplesOf(await this.repo.eventsFrom(deviceId, probe, from, REPLAY_MAX));
  }

  private async replaySamples(
    deviceId: number,
    channel: number,
    watched: WatchedCondition,
    earliest: number,
  ) {
    const prior = await this.repo.readingsBefore(deviceId, channel, earliest, REPLAY_LOOKBACK);
    const calm = prior.find((s) => watched.condition.test(s.value) === null);
    const from = calm?.ts ?? prior[prior.length - 1]?.ts ?? earliest;
    return this.repo.readingsFrom(deviceId, channel, from, false, REPLAY_MAX);
  }

  /**
   * Writes the transitions of one condition: one record per excursion (found again by the device time
   * its excursion began), its level, extremes and end, a cleared message, and the notifications of
   * levels not notified before. `after` gets the record and reminder bookkeeping of the open excursion.
   */
  private async apply(
    trx: Executor,
    runtime: DeviceRuntime,
    watched: WatchedCondition,
    before: StoredState,
    after: StoredState,
    transitions: Transition[],
    now: string,
  ): Promise<{ intents: NotificationIntent[]; changes: AlarmChange[] }> {
    const { device, push } = runtime.config;
    const { meta, condition } = watched;
    const intents: NotificationIntent[] = [];
    const changes: AlarmChange[] = [];
    const change = (messageId: number) =>
      changes.push({
        messageId,
        accountId: device.accountId,
        deviceId: device.id,
        locale: device.ownerLocale,
      });
    const templateId = meta.rule?.templateId ?? null;

    const excursions = new Map<number, { levels: Transition[]; clear: Transition | null }>();
    for (const t of transitions) {
      const entry = excursions.get(t.since) ?? { levels: [], clear: null };
      if (t.type === 'level') entry.levels.push(t);
      else entry.clear = t;
      excursions.set(t.since, entry);
    }

    let openRecord: AlarmMessageRow | null = null;
    for (const [since, { levels, clear }] of excursions) {
      const end = clear ? clear.at : null;
      let record = (await this.repo.findRecord(trx, device.id, condition.key, since, end)) ?? null;
      if (!record && levels.length === 0) continue;
      const last = (clear ?? levels[levels.length - 1]) as Transition;
      const topLevel = Math.max(0, ...levels.map((l) => l.level), clear?.level ?? 0);
      // The open excursion went on after its last transition: its extreme is the state's.
      const peak = end === null && after.since === since && after.peak !== null ? after.peak : last.peak;
      if (!record) {
        record = await this.repo.insertMessageOnce(trx, {
          platformId: device.platformId,
          accountId: device.accountId,
          deviceId: device.id,
          messageType: meta.messageType,
          cause: last.cause,
          level: topLevel,
          probeId: meta.probeId,
          channel: meta.channel,
          channelKind: meta.channelKind,
          value: meta.channel === null ? null : peak,
          limitValue: last.limit,
          startTime: iso(since),
          endTime: end === null ? null : iso(end),
          state: end === null ? 'untreated' : 'cleared',
          newFlag: 1,
          treatment: null,
          reason: null,
          result: null,
          handledById: null,
          handledBy: null,
          handledAt: null,
          ruleId: meta.rule?.id ?? null,
          faultCode: meta.rule?.faultCode ?? null,
          faultMeaning: meta.rule?.faultMeaning ?? null,
          repairGuidance: meta.rule?.repairGuidance ?? null,
          stateKey: condition.key,
          excursionTs: since,
          recordId: null,
          notifiedLevel: 0,
          createdAt: now,
          updatedAt: now,
        });
      } else {
        const startTs = Math.min(Number(record.excursionTs), since);
        const extreme =
          record.value === null || meta.channel === null
            ? peak
            : last.cause === 'low'
              ? Math.min(record.value, peak)
              : Math.max(record.value, peak);
        const changed = {
          level: Math.max(record.level ?? 0, topLevel),
          value: meta.channel === null ? null : extreme,
          startTime: iso(startTs),
          excursionTs: startTs,
          endTime: end === null ? record.endTime : iso(end),
          state: end !== null && record.state === 'untreated' ? 'cleared' : record.state,
          updatedAt: now,
        };
        await this.repo.updateMessage(trx, record.id, changed);
        record = { ...record, ...changed };
      }
      change(record.id);

      const notified = record.notifiedLevel ?? 0;
      const fresh = levels.map((l) => l.level).filter((l) => l > notified);
      if (fresh.length > 0) {
        const top = Math.max(...fresh);
        intents.push(
          ...intentsFor(this.book, {
            record,
            messageId: record.id,
            device,
            kind: meta.kind,
            audience: levelAudience(push.recipients, fresh),
            step: String(top),
            templateId,
          }),
        );
        await this.repo.updateMessage(trx, record.id, { notifiedLevel: top });
        record = { ...record, notifiedLevel: top };
      }

      if (clear && meta.clearedMessage) {
        const cleared = await this.repo.insertMessageOnce(trx, {
          platformId: device.platformId,
          accountId: device.accountId,
          deviceId: device.id,
          messageType: 'clearedAlarm',
          cause: record.cause,
          level: record.level,
          probeId: record.probeId,
          channel: record.channel,
          channelKind: record.channelKind,
          value: meta.channel === null ? null : clear.peak,
          limitValue: record.limitValue,
          startTime: record.startTime,
          endTime: iso(clear.at),
          state: 'cleared',
          newFlag: 1,
          ruleId: record.ruleId,
          faultCode: record.faultCode,
          faultMeaning: record.faultMeaning,
          repairGuidance: record.repairGuidance,
          stateKey: `${condition.key}:cleared`,
          excursionTs: Number(record.excursionTs),
          recordId: record.id,
          notifiedLevel: record.notifiedLevel,
          createdAt: now,
          updatedAt: now,
        });
        change(cleared.id);
        if ((record.notifiedLevel ?? 0) > 0) {
          intents.push(
            ...intentsFor(this.book, {
              record: { ...record, endTime: iso(clear.at) },
              messageId: cleared.id,
              device,
              kind: 'cleared',
              audience: clearedAudience(push.recipients, record.notifiedLevel ?? 0),
              step: '0',
              templateId: null,
            }),
          );
        }
      }
      if (end === null) openRecord = record;
    }

    // Bookkeeping of the excursion still open after these samples.
    if (after.since !== null && openRecord) {
      const same = before.messageId === openRecord.id;
      after.messageId = openRecord.id;
      after.remindersSent = same ? before.remindersSent : 0;
      const interval = push.repeatIntervalMinutes;
      after.nextReminderAt = same
        ? before.nextReminderAt
        : interval === null || !remindsAbout(openRecord)
          ? null
          : new Date(Date.parse(now) + interval * 60_000).toISOString();
    } else if (after.since === null || after.since !== before.since) {
      // Back in range, or a new excursion that has not reached a level yet: no record is open.
      Object.assign(after, { messageId: null, remindersSent: 0, nextReminderAt: null });
    }
    return { intents, changes };
  }

  // ---- timers

  private async sweep(): Promise<void> {
    for (const deviceId of [...switchedDevices]) {
      switchedDevices.delete(deviceId);
      await this.invalidate(deviceId);
    }
    const nowMs = this.ctx.clock.now().getTime();
    const due: Promise<void>[] = [];
    for (const [deviceId, w] of this.watch) {
      if (this.openOffline.has(deviceId) || nowMs < w.lastSeenMs + w.timeoutMs) continue;
      this.openOffline.add(deviceId);
      const since = w.lastSeenMs;
      due.push(this.schedule(deviceId, () => this.raiseOffline(deviceId, since)));
    }
    const nowIso = new Date(nowMs).toISOString();
    for (const r of await this.repo.dueReminders(nowIso)) {
      due.push(this.schedule(r.deviceId, () => this.remind(r.deviceId, r.stateKey, nowIso)));
    }
    await Promise.all(due);
  }

  private async raiseOffline(deviceId: number, sinceMs: number): Promise<void> {
    const runtime = await this.runtime(deviceId);
    if (!runtime?.config.active || runtime.config.offlineTimeoutMs === null) {
      this.openOffline.delete(deviceId);
      return;
    }
    await this.run(deviceId, runtime, [
      { watched: runtime.config.offlineCondition(), samples: [{ ts: sinceMs, value: 1 }], channel: null },
    ]);
  }

  private async remind(deviceId: number, stateKey: string, nowIso: string): Promise<void> {
    const runtime = await this.runtime(deviceId);
    if (!runtime) return;
    const state = runtime.states.get(stateKey);
    if (!state?.messageId || !state.nextReminderAt || state.nextReminderAt > nowIso) return;
    const { device, push } = runtime.config;
    const changes: AlarmChange[] = [];
    await this.book.prepare();
    await this.ctx.db.transaction().execute(async (trx) => {
      const record = await this.repo.message(trx, state.messageId as number);
      const interval = push.repeatIntervalMinutes;
      const snoozedUntil = record && interval !== null ? postponedUntil(record, interval) : null;
      if (
        !record ||
        !remindsAbout(record) ||
        interval === null ||
        !runtime.config.active ||
        state.remindersSent >= ALARM_REMINDERS_MAX
      ) {
        state.nextReminderAt = null;
      } else if (snoozedUntil !== null && snoozedUntil > nowIso) {
        // Postponed after this reminder was planned: the next one comes a full interval after that.
        state.nextReminderAt = snoozedUntil;
      } else {
        const n = state.remindersSent + 1;
        const level = record.level ?? 1;
        const intents = intentsFor(this.book, {
          record,
          messageId: record.id,
          device,
          kind: 'reminder',
          audience: levelAudience(
            push.recipients,
            Array.from({ length: level }, (_, i) => i + 1),
          ),
          step: String(n),
          templateId: null,
        });
        await enqueueNotifications(trx, intents, this.ctx.clock);
        state.remindersSent = n;
        // The next reminder counts from now: reminders missed while the server was down are not replayed.
        state.nextReminderAt = new Date(Date.parse(nowIso) + interval * 60_000).toISOString();
        changes.push({
          messageId: record.id,
          accountId: device.accountId,
          deviceId,
          locale: device.ownerLocale,
        });
      }
      await this.repo.saveStates(trx, deviceId, [[stateKey, state]], nowIso);
    });
    this.publish(changes);
  }

  /** Writes evaluated device times, so a restart replays only what came after. */
  private async checkpoint(): Promise<void> {
    const now = this.ctx.clock.now().toISOString();
    const rows: { deviceId: number; key: string; state: StoredState }[] = [];
    for (const [deviceId, runtime] of this.runtimes) {
      for (const key of runtime.dirty) {
        const state = runtime.states.get(key);
        if (state) rows.push({ deviceId, key, state });
      }
      runtime.dirty.clear();
    }
    if (rows.length === 0) return;
    // One transaction (one disk sync); rows only move forward in device time, so a checkpoint never
    // undoes a newer alarm write.
    await this.ctx.db.transaction().execute(async (trx) => {
      for (let i = 0; i < rows.length; i += CHECKPOINT_CHUNK) {
        await this.repo.checkpoint(trx, rows.slice(i, i + CHECKPOINT_CHUNK), now);
      }
    });
  }

  private publish(changes: AlarmChange[]) {
    for (const change of changes) {
      for (const listener of this.listeners) {
        try {
          listener(change);
        } catch (error) {
          this.log.warn({ err: error }, 'alarm change listener failed');
        }
      }
    }
  }
}
