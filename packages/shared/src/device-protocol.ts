import { z } from 'zod';

/**
 * The device protocol (docs/protocol.md): topics, payloads, limits and the channel encoding shared by
 * the server's ingest, the history queries, the console and tools/device-sim. None of these numbers
 * comes from the spec; each is ours and documented in docs/protocol.md.
 */

/** Every device topic starts with this level, then the device GUID. */
export const DEVICE_TOPIC_ROOT = 'devices';
/** Shared-subscription group the server nodes join on an external broker. */
export const SHARED_SUBSCRIPTION_GROUP = 'coldchain';

/** Topic suffixes after `devices/{guid}/`. */
export const DEVICE_TOPICS = {
  /** device -> cloud, QoS 1: readings (one record or a backfill batch) */
  telemetry: 'telemetry',
  /** device -> cloud, QoS 1: door, power and other events */
  events: 'events',
  /** device -> cloud, QoS 1: acknowledgement of a command */
  commandAck: 'commands/ack',
  /** device -> cloud, QoS 1: progress and result of an online upgrade */
  upgrade: 'upgrade',
  /** cloud -> device, QoS 1: commands to carry out */
  commands: 'commands',
  /** cloud -> device, QoS 0: why a payload was refused */
  rejects: 'rejects',
} as const;
export type DeviceTopicKind = keyof typeof DEVICE_TOPICS;
/** The topics a device publishes to. */
export type UplinkKind = 'telemetry' | 'events' | 'commandAck' | 'upgrade';

export const deviceTopic = (guid: string, kind: DeviceTopicKind) =>
  `${DEVICE_TOPIC_ROOT}/${guid}/${DEVICE_TOPICS[kind]}`;

/** Device GUIDs are digits, up to 20 (002 §3). */
export const DEVICE_GUID_PATTERN = /^\d{1,20}$/;

/** Largest payload accepted on any uplink topic or HTTP ingest call, in bytes (256 KiB). */
export const MAX_PAYLOAD_BYTES = 262_144;
/** Most records in one telemetry message (a day of 1-minute records is 1,440). */
export const MAX_RECORDS_PER_MESSAGE = 5_000;
/** Most values in one record. */
export const MAX_VALUES_PER_RECORD = 32;
/** Most events in one events message. */
export const MAX_EVENTS_PER_MESSAGE = 1_000;
/** Earliest device timestamp accepted: 2020-01-01T00:00:00Z, in ms. */
export const MIN_DEVICE_TS = 1_577_836_800_000;
/** How far ahead of server time a device clock may be, in ms (1 hour). */
export const MAX_CLOCK_AHEAD_MS = 3_600_000;

/**
 * Channel encoding: `channel = kindCode * 100 + probe`. Probe 1-99 numbers a sensor of the device
 * (probe 1 temperature is channel 101, probe 2 humidity channel 202); device-level quantities
 * (battery, signal, position) use probe 0. Values are stored as the device sent them, in the unit
 * given here; display conversions and per-probe corrections apply when reading.
 */
export const CHANNEL_KINDS = {
  temperature: { code: 1, unit: '°C' },
  humidity: { code: 2, unit: '%RH' },
  voltage: { code: 3, unit: 'V' },
  battery: { code: 4, unit: '%' },
  signal: { code: 5, unit: 'dBm' },
  latitude: { code: 6, unit: '°' },
  longitude: { code: 7, unit: '°' },
  co2: { code: 8, unit: 'ppm' },
  pressure: { code: 9, unit: 'hPa' },
  light: { code: 10, unit: 'lx' },
  current: { code: 11, unit: 'A' },
  energy: { code: 12, unit: 'kWh' },
  power: { code: 13, unit: 'W' },
} as const;
export type ChannelKind = keyof typeof CHANNEL_KINDS;
export const CHANNEL_KIND_NAMES = Object.keys(CHANNEL_KINDS) as [ChannelKind, ...ChannelKind[]];
/** Kinds that belong to the device rather than to a probe (always probe 0). */
export const DEVICE_LEVEL_KINDS: readonly ChannelKind[] = ['battery', 'signal', 'latitude', 'longitude'];
export const MAX_PROBE = 99;

export function channelOf(kind: ChannelKind, probe: number): number {
  return CHANNEL_KINDS[kind].code * 100 + probe;
}

const KIND_BY_CODE = new Map<number, ChannelKind>(
  CHANNEL_KIND_NAMES.map((kind) => [CHANNEL_KINDS[kind].code, kind]),
);

/** The kind, probe and unit of a stored channel number; undefined for an unknown code. */
export function describeChannel(
  channel: number,
): { kind: ChannelKind; probe: number; unit: string } | undefined {
  const kind = KIND_BY_CODE.get(Math.floor(channel / 100));
  if (!kind) return undefined;
  return { kind, probe: channel % 100, unit: CHANNEL_KINDS[kind].unit };
}

const deviceTs = z.number().int().min(MIN_DEVICE_TS);

export const telemetryValueSchema = z.strictObject({
  kind: z.enum(CHANNEL_KIND_NAMES),
  /** 1-99; 0 or absent for device-level kinds */
  probe: z.number().int().min(0).max(MAX_PROBE).optional(),
  value: z.number().finite(),
});

export const telemetryRecordSchema = z.strictObject({
  /** device time, ms since 1970-01-01T00:00:00Z */
  ts: deviceTs,
  values: z.array(telemetryValueSchema).max(MAX_VALUES_PER_RECORD).optional(),
  /** battery level, percent */
  battery: z.number().min(0).max(100).optional(),
  /** signal strength, dBm */
  signal: z.number().min(-200).max(0).optional(),
  position: z
    .strictObject({ lat: z.number().min(-90).max(90), lon: z.number().min(-180).max(180) })
    .optional(),
});

export const telemetryMessageSchema = z.strictObject({
  records: z.array(telemetryRecordSchema).min(1).max(MAX_RECORDS_PER_MESSAGE),
});
export type TelemetryMessage = z.infer<typeof telemetryMessageSchema>;
export type TelemetryRecord = z.infer<typeof telemetryRecordSchema>;

export const DEVICE_EVENT_TYPES = ['door', 'power', 'defrost', 'restart', 'tamper', 'lowBattery'] as const;
export type DeviceEventType = (typeof DEVICE_EVENT_TYPES)[number];

export const deviceEventSchema = z.strictObject({
  ts: deviceTs,
  type: z.enum(DEVICE_EVENT_TYPES),
  /** e.g. door: open | closed; power: on | off | battery; defrost: start | end */
  state: z
    .string()
    .min(1)
    .max(20)
    .regex(/^[A-Za-z0-9_-]+$/),
  /** the probe or door number; 0 or absent for the device */
  probe: z.number().int().min(0).max(MAX_PROBE).optional(),
});
export const eventsMessageSchema = z.strictObject({
  events: z.array(deviceEventSchema).min(1).max(MAX_EVENTS_PER_MESSAGE),
});
export type EventsMessage = z.infer<typeof eventsMessageSchema>;
export type DeviceEventPayload = z.infer<typeof deviceEventSchema>;

/** What the cloud sends on `devices/{guid}/commands`. */
export interface DeviceCommandMessage {
  id: number;
  type: string;
  payload: unknown;
  createdAt: string;
}

export const commandAckSchema = z.strictObject({
  id: z.number().int().positive(),
  ok: z.boolean(),
  /** anything the device reports back, at most 2 KB once serialized */
  result: z.unknown().optional(),
});
export type CommandAck = z.infer<typeof commandAckSchema>;

/** Why a payload was refused; operators see these counted per device. */
export const REJECT_REASONS = [
  'malformed',
  'oversized',
  'timestamp',
  'unknownTopic',
  'foreignTopic',
  'notAccepted',
  'serviceLapsed',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/** What the cloud sends on `devices/{guid}/rejects` when it refused a payload. */
export interface RejectNotice {
  topic: string;
  reason: RejectReason;
  detail: string;
}
