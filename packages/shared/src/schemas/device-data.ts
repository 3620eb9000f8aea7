import { z } from 'zod';
import {
  CHART_POINTS_DEFAULT,
  CHART_POINTS_MAX,
  CHART_POINTS_MIN,
  HISTORY_CHANNELS_MAX,
  WS_SUBSCRIPTIONS_MAX,
} from '../constants.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

/** Instants are milliseconds since the epoch (UTC), as readings store them and charts plot them. */
export const epochMsSchema = z.number().int().min(0).max(8_640_000_000_000_000);

const deviceIdSchema = z.number().int().positive();
const channelSchema = z.number().int().min(0).max(65_535);
const channelsSchema = z.array(channelSchema).min(1).max(HISTORY_CHANNELS_MAX).optional();

const endAfterStart = (r: { startTime?: number | undefined; endTime?: number | undefined }) =>
  r.startTime === undefined || r.endTime === undefined || r.endTime > r.startTime;
const endAfterStartIssue = { message: 'rules.endAfterStart', path: ['endTime'] };

/** A device, a time range [startTime, endTime) and optionally some of its channels (all by default). */
const rangeFields = {
  deviceId: deviceIdSchema,
  startTime: epochMsSchema,
  endTime: epochMsSchema,
  channels: channelsSchema,
};

/** POST /device/DeviceData/chart: a range downsampled to at most `points` points per channel. */
export const deviceDataChartSchema = z
  .object({
    ...rangeFields,
    points: z.number().int().min(CHART_POINTS_MIN).max(CHART_POINTS_MAX).default(CHART_POINTS_DEFAULT),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type DeviceDataChartRequest = z.infer<typeof deviceDataChartSchema>;

/** One [ts, value] point of a chart. */
export const chartPointSchema = z.tuple([z.number(), z.number()]);

/**
 * A channel as history answers describe it: its number (kindCode * 100 + probe), kind and probe, and
 * the unit its values are given in (°F for temperature when the caller's account is set to Fahrenheit).
 */
export const channelInfoSchema = z.object({
  channel: z.number().int(),
  kind: z.string().nullable(),
  probe: z.number().int(),
  unit: z.string(),
});
export type ChannelInfo = z.infer<typeof channelInfoSchema>;

export const chartSeriesSchema = channelInfoSchema.extend({
  /** Readings in the range; more than points.length when downsampled. */
  count: z.number().int(),
  min: z.number().nullable(),
  max: z.number().nullable(),
  /** Sorted by time; a downsampled bucket gives its minimum and its maximum at their own times. */
  points: z.array(chartPointSchema),
});
export type ChartSeries = z.infer<typeof chartSeriesSchema>;

export const deviceDataChartAnswerSchema = z.object({
  deviceId: z.number().int(),
  startTime: z.number().int(),
  endTime: z.number().int(),
  /** Width of one bucket in ms; each holds at most two points (its minimum and its maximum). */
  bucketMs: z.number().int(),
  /** True when some bucket held more readings than the points it gave. */
  downsampled: z.boolean(),
  series: z.array(chartSeriesSchema),
});
export type DeviceDataChart = z.infer<typeof deviceDataChartAnswerSchema>;

/** POST /device/DeviceData/page: the raw readings, one row per instant with a value per channel. */
export const deviceDataPageSchema = pageRequestSchema
  .extend({ ...rangeFields, sortOrder: z.enum(['ascend', 'descend']).default('descend') })
  .refine(endAfterStart, endAfterStartIssue);
export type DeviceDataPageRequest = z.infer<typeof deviceDataPageSchema>;

export const deviceDataRowSchema = z.object({
  ts: z.number().int(),
  /** Aligned with `channels` of the answer; null where that channel has no reading at this instant. */
  values: z.array(z.number().nullable()),
});
export type DeviceDataRow = z.infer<typeof deviceDataRowSchema>;

export const deviceDataPageAnswerSchema = z.object({
  data: z.array(deviceDataRowSchema),
  channels: z.array(channelInfoSchema),
  start: z.number().int(),
  totalCount: z.number().int(),
});
export type DeviceDataPage = z.infer<typeof deviceDataPageAnswerSchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx', 'pdf'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** GET /device/DeviceData/export: query string; channels as a comma-separated list. */
export const deviceDataExportSchema = z
  .object({
    deviceId: z.coerce.number().int().positive(),
    startTime: z.coerce.number().pipe(epochMsSchema),
    endTime: z.coerce.number().pipe(epochMsSchema),
    format: z.enum(EXPORT_FORMATS),
    channels: z
      .string()
      .regex(/^\d{1,5}(,\d{1,5})*$/, { message: 'rules.channelList' })
      .transform((s) => s.split(',').map(Number))
      .pipe(z.array(channelSchema).max(HISTORY_CHANNELS_MAX))
      .optional(),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type DeviceDataExportRequest = z.infer<typeof deviceDataExportSchema>;

/** POST /device/Device/clearData: deletes every reading of one device. */
export const deviceClearDataSchema = z.object({ id: z.number().int().positive() }).strict();
export type DeviceClearData = z.infer<typeof deviceClearDataSchema>;
export const deviceClearDataAnswerSchema = z.object({ deleted: z.number().int() });

/** PUT /device/Device/quickSearch: the owner opens (1) or closes (0) the public quick query of a device. */
export const deviceQuickSearchSchema = z
  .object({ id: z.number().int().positive(), quickSearch: flagSchema })
  .strict();
export type DeviceQuickSearch = z.infer<typeof deviceQuickSearchSchema>;

/**
 * POST /device/QuickSearch/query: public, by device GUID; the range defaults to the last 24 hours and
 * spans at most QUICK_SEARCH_RANGE_MAX_MS (checked by the server, which names the limit).
 */
export const quickSearchSchema = z
  .object({
    deviceGuid: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, { message: 'rules.deviceGuid' }),
    startTime: epochMsSchema.optional(),
    endTime: epochMsSchema.optional(),
    points: z.number().int().min(CHART_POINTS_MIN).max(CHART_POINTS_MAX).default(CHART_POINTS_DEFAULT),
  })
  .refine(endAfterStart, endAfterStartIssue);
export type QuickSearchRequest = z.infer<typeof quickSearchSchema>;

export const latestReadingSchema = z.object({
  channel: z.number().int(),
  ts: z.number().int(),
  value: z.number(),
});

export const quickSearchAnswerSchema = z.object({
  device: z.object({
    deviceGuid: z.string(),
    deviceName: z.string(),
    status: z.string(),
    timeZone: z.string(),
    upperLimit: z.number().nullable(),
    lowerLimit: z.number().nullable(),
    lastSeenAt: z.string().nullable(),
  }),
  latest: z.array(latestReadingSchema),
  chart: deviceDataChartAnswerSchema.omit({ deviceId: true }),
});
export type QuickSearchAnswer = z.infer<typeof quickSearchAnswerSchema>;

const liveDeviceIdsSchema = z.array(z.number().int().positive()).min(1).max(WS_SUBSCRIPTIONS_MAX);

/** Messages of the live channel (GET /api/ws, WebSocket). The first client message must be `auth`. */
export const liveClientMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('auth'), token: z.string().min(1).max(200) }),
  z.object({ type: z.literal('subscribe'), deviceIds: liveDeviceIdsSchema }),
  z.object({ type: z.literal('unsubscribe'), deviceIds: liveDeviceIdsSchema }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessageSchema>;

/** A device's state as the live channel pushes it when it changes. */
export interface LiveDeviceState {
  status: string;
  lastSeenAt: string;
  battery: number | null;
  signal: number | null;
  latitude: number | null;
  longitude: number | null;
}

/**
 * What the server sends. Readings carry the values as stored (°C, before per-probe corrections);
 * the console applies the device's settings as it does for the values it reads over HTTP.
 */
export type LiveServerMessage =
  | { type: 'ready'; accountId: number }
  | { type: 'subscribed'; deviceIds: number[]; denied: number[] }
  | { type: 'unsubscribed'; deviceIds: number[] }
  | { type: 'readings'; deviceId: number; readings: { channel: number; ts: number; value: number }[] }
  | ({ type: 'status'; deviceId: number } & LiveDeviceState)
  | { type: 'pong' }
  | { type: 'error'; code: number; msg: string };
