import {
  CHANNEL_KINDS,
  type ChannelKind,
  commandAckSchema,
  DEVICE_GUID_PATTERN,
  DEVICE_LEVEL_KINDS,
  DEVICE_TOPIC_ROOT,
  DEVICE_TOPICS,
  eventsMessageSchema,
  MAX_CLOCK_AHEAD_MS,
  MAX_PAYLOAD_BYTES,
  type RejectReason,
  telemetryMessageSchema,
  type UplinkKind,
} from '@coldchain/shared/device-protocol';
import type { z } from 'zod';
import type { StoredReading } from '../telemetry/telemetry-events.ts';
import type { CommandAckInput, EventInput, StateInput } from '../telemetry/write-batch.ts';

/** The longest command result kept, in characters of JSON. */
const MAX_ACK_RESULT_CHARS = 2_000;
const MAX_DETAIL_CHARS = 200;

export type ParsedTopic = { guid: string; kind: UplinkKind | null };

const UPLINK_BY_SUFFIX = new Map<string, UplinkKind>([
  [DEVICE_TOPICS.telemetry, 'telemetry'],
  [DEVICE_TOPICS.events, 'events'],
  [DEVICE_TOPICS.commandAck, 'commandAck'],
  [DEVICE_TOPICS.upgrade, 'upgrade'],
]);

/**
 * `devices/{guid}/{suffix}`: the GUID the topic names and which uplink it is (null for a suffix
 * devices may not publish to). Undefined when the topic is not a device topic at all.
 */
export function parseTopic(topic: string): ParsedTopic | undefined {
  const prefix = `${DEVICE_TOPIC_ROOT}/`;
  if (!topic.startsWith(prefix)) return undefined;
  const slash = topic.indexOf('/', prefix.length);
  if (slash < 0) return undefined;
  const guid = topic.slice(prefix.length, slash);
  if (!DEVICE_GUID_PATTERN.test(guid)) return undefined;
  return { guid, kind: UPLINK_BY_SUFFIX.get(topic.slice(slash + 1)) ?? null };
}

export interface Decoded {
  readings: StoredReading[];
  events: EventInput[];
  state: StateInput | null;
  commandAck: CommandAckInput | null;
}

export type DecodeResult = { ok: true; value: Decoded } | { ok: false; reason: RejectReason; detail: string };

const refuse = (reason: RejectReason, detail: string): DecodeResult => ({
  ok: false,
  reason,
  detail: detail.slice(0, MAX_DETAIL_CHARS),
});

function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'invalid payload';
  const where = issue.path.length > 0 ? issue.path.join('.') : 'payload';
  return `${where}: ${issue.message}`;
}

const isDeviceLevel = (kind: ChannelKind) => DEVICE_LEVEL_KINDS.includes(kind);
const channel = (kind: ChannelKind, probe: number) => CHANNEL_KINDS[kind].code * 100 + probe;

/**
 * Turns an uplink payload into rows, or says why it is refused. Never throws: a payload is bytes
 * from the outside world, and one bad payload must not disturb anything else.
 */
export function decodePayload(kind: UplinkKind, payload: Buffer, now: number): DecodeResult {
  if (payload.length > MAX_PAYLOAD_BYTES) {
    return refuse('oversized', `${payload.length} bytes, at most ${MAX_PAYLOAD_BYTES}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(payload.toString('utf8'));
  } catch {
    return refuse('malformed', 'not valid JSON');
  }
  const latest = now + MAX_CLOCK_AHEAD_MS;
  if (kind === 'telemetry') {
    const parsed = telemetryMessageSchema.safeParse(json);
    if (!parsed.success) return refuse('malformed', firstIssue(parsed.error));
    const readings: StoredReading[] = [];
    // (widened, or the narrowing of the initial null survives the loop's assignments)
    let state = null as StateInput | null;
    for (const [index, record] of parsed.data.records.entries()) {
      const ts = record.ts;
      if (ts > latest) return refuse('timestamp', `records.${index}.ts: ${ts} is ahead of server time`);
      for (const v of record.values ?? []) {
        const probe = isDeviceLevel(v.kind) ? 0 : (v.probe ?? 1);
        if (!isDeviceLevel(v.kind) && probe === 0) {
          return refuse('malformed', `records.${index}.values: probe of ${v.kind} must be 1-99`);
        }
        readings.push({ channel: channel(v.kind, probe), ts, value: v.value });
      }
      if (record.battery !== undefined)
        readings.push({ channel: channel('battery', 0), ts, value: record.battery });
      if (record.signal !== undefined)
        readings.push({ channel: channel('signal', 0), ts, value: record.signal });
      if (record.position) {
        readings.push({ channel: channel('latitude', 0), ts, value: record.position.lat });
        readings.push({ channel: channel('longitude', 0), ts, value: record.position.lon });
      }
      const hasState = record.battery !== undefined || record.signal !== undefined || record.position;
      const previous = state;
      if (hasState && (!previous || ts >= previous.ts)) {
        state = {
          ts,
          battery: record.battery ?? previous?.battery ?? null,
          signal: record.signal ?? previous?.signal ?? null,
          latitude: record.position?.lat ?? previous?.latitude ?? null,
          longitude: record.position?.lon ?? previous?.longitude ?? null,
        };
      }
    }
    return { ok: true, value: { readings, events: [], state, commandAck: null } };
  }
  if (kind === 'events') {
    const parsed = eventsMessageSchema.safeParse(json);
    if (!parsed.success) return refuse('malformed', firstIssue(parsed.error));
    const events: EventInput[] = [];
    for (const [index, e] of parsed.data.events.entries()) {
      if (e.ts > latest) return refuse('timestamp', `events.${index}.ts: ${e.ts} is ahead of server time`);
      events.push({ ts: e.ts, type: e.type, state: e.state, probe: e.probe ?? 0 });
    }
    return { ok: true, value: { readings: [], events, state: null, commandAck: null } };
  }
  const parsed = commandAckSchema.safeParse(json);
  if (!parsed.success) return refuse('malformed', firstIssue(parsed.error));
  const result = parsed.data.result === undefined ? null : JSON.stringify(parsed.data.result);
  if (result !== null && result.length > MAX_ACK_RESULT_CHARS) {
    return refuse('malformed', `result: at most ${MAX_ACK_RESULT_CHARS} characters of JSON`);
  }
  return {
    ok: true,
    value: {
      readings: [],
      events: [],
      state: null,
      commandAck: { commandId: parsed.data.id, ok: parsed.data.ok, result },
    },
  };
}
