import { z } from 'zod';
import { CONTRACTOR_FIELD_MAX } from '../constants.ts';
import { pageRequestSchema } from './common.ts';

/** Pattern image name, up to 50 characters (not in the spec; as the other image names of 002 §3). */
export const PATTERN_NAME_MAX = 50;
/** Pattern images a platform keeps at most (not in the spec; docs/decisions.md). */
export const PATTERN_IMAGES_MAX = 200;
/** Minutes of the readings-per-minute chart on the operator overview. */
export const OVERVIEW_MINUTES = 60;
/** Connection events are kept this many days (docs/decisions.md). */
export const CONNECTION_EVENT_RETENTION_DAYS = 30;

// ---- operator overview (/operation/index, /operation/system)

export const overviewSchema = z.object({
  /** The platform whose figures these are; null: every platform (operators of the default one). */
  platformId: z.number().int().nullable(),
  generatedAt: z.string(),
  accounts: z.object({
    total: z.number().int(),
    personal: z.number().int(),
    enterprise: z.number().int(),
    newLast7Days: z.number().int(),
  }),
  devicesByStatus: z.array(z.object({ status: z.string(), count: z.number().int() })),
  devicesByUseState: z.array(z.object({ useState: z.string(), count: z.number().int() })),
  /** Readings stored per minute over the last OVERVIEW_MINUTES minutes, oldest first, gaps as 0. */
  readingsPerMinute: z.array(z.object({ minute: z.string(), readings: z.number().int() })),
  rejectsByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  rejectsLast24h: z.number().int(),
  deliveryBacklog: z.object({
    notificationsPending: z.number().int(),
    notificationsFailed: z.number().int(),
    webhooksPending: z.number().int(),
    webhooksFailed: z.number().int(),
  }),
  jobQueue: z.object({
    downloadsGenerating: z.number().int(),
    downloadsFailed: z.number().int(),
    commandsPending: z.number().int(),
    commandsSent: z.number().int(),
  }),
  connections: z.object({
    connected: z.number().int(),
    connectsLast24h: z.number().int(),
    disconnectsLast24h: z.number().int(),
    authFailuresLast24h: z.number().int(),
  }),
});
export type Overview = z.infer<typeof overviewSchema>;

/** This node's transport (operators of the default platform only: the broker serves every platform). */
export const transportStatusSchema = z.object({
  mode: z.enum(['embedded', 'external', 'off']),
  port: z.number().int().nullable(),
  connectedClients: z.number().int().nullable(),
  messages: z.number().int(),
  rejected: z.number().int(),
  readingsStored: z.number().int(),
  duplicates: z.number().int(),
  batches: z.number().int(),
  failedBatches: z.number().int(),
  uptimeSeconds: z.number().int(),
  database: z.enum(['sqlite', 'postgres']),
  nodeVersion: z.string(),
  memoryRssMb: z.number(),
});
export type TransportStatus = z.infer<typeof transportStatusSchema>;

/** Per white-label platform figures for /operation/lightBusiness. */
export const platformFiguresSchema = z.object({
  platformId: z.number().int(),
  title: z.string(),
  topDomain: z.string(),
  styleModel: z.number().int(),
  accounts: z.number().int(),
  devices: z.number().int(),
  online: z.number().int(),
  alarm: z.number().int(),
});
export type PlatformFigures = z.infer<typeof platformFiguresSchema>;

// ---- network (/operation/dtuLog, /operation/network)

export const CONNECTION_EVENT_KINDS = ['connect', 'disconnect', 'authFailure'] as const;
export type ConnectionEventKind = (typeof CONNECTION_EVENT_KINDS)[number];
/** Why a connection ended or was refused. */
export const CONNECTION_REASONS = [
  'clean',
  'keepaliveTimeout',
  'connectionLost',
  'refused',
  'serverClosed',
  'badCredentials',
  'notAccepted',
] as const;
export type ConnectionReason = (typeof CONNECTION_REASONS)[number];

const isoDateTime = z.iso.datetime({ offset: true });
const guidFilter = z.string().trim().max(20).regex(/^\d*$/, { message: 'rules.deviceGuid' }).optional();

export const connectionEventPageSchema = pageRequestSchema.extend({
  deviceGuid: guidFilter,
  eventKind: z.enum(CONNECTION_EVENT_KINDS).optional(),
  from: isoDateTime.optional(),
  to: isoDateTime.optional(),
});
export type ConnectionEventPage = z.infer<typeof connectionEventPageSchema>;

export const connectionEventSchema = z.object({
  id: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string().nullable(),
  kind: z.enum(CONNECTION_EVENT_KINDS),
  reason: z.string().nullable(),
  address: z.string().nullable(),
  at: z.string(),
});
export type ConnectionEvent = z.infer<typeof connectionEventSchema>;

export const deviceConnectionPageSchema = pageRequestSchema.extend({
  deviceGuid: guidFilter,
  connected: z.coerce.number().int().min(0).max(1).optional(),
});
export type DeviceConnectionPage = z.infer<typeof deviceConnectionPageSchema>;

export const deviceConnectionSchema = z.object({
  deviceId: z.number().int(),
  deviceGuid: z.string(),
  deviceName: z.string(),
  status: z.string(),
  connected: z.number().int(),
  connects: z.number().int(),
  disconnects: z.number().int(),
  lastConnectAt: z.string().nullable(),
  lastDisconnectAt: z.string().nullable(),
  lastDisconnectReason: z.string().nullable(),
  lastAddress: z.string().nullable(),
});
export type DeviceConnection = z.infer<typeof deviceConnectionSchema>;

export const networkSummarySchema = z.object({
  disconnectReasons: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  rejectsByReason: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  /** Connects, disconnects and refusals per hour over the last 24 hours, oldest first. */
  perHour: z.array(
    z.object({
      hour: z.string(),
      connects: z.number().int(),
      disconnects: z.number().int(),
      authFailures: z.number().int(),
    }),
  ),
});
export type NetworkSummary = z.infer<typeof networkSummarySchema>;

// ---- pattern images (/operation/pattern)

export const patternImageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  url: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
  creatorName: z.string().nullable(),
});
export type PatternImage = z.infer<typeof patternImageSchema>;

export const patternImagePageSchema = pageRequestSchema.extend({
  name: z.string().trim().max(PATTERN_NAME_MAX).optional(),
});
export type PatternImagePage = z.infer<typeof patternImagePageSchema>;

export const patternNameSchema = z.string().trim().min(1).max(PATTERN_NAME_MAX);

/** An uploaded image's address (logos of white-label platforms). */
export const uploadedImageSchema = z.object({ url: z.string() });
export type UploadedImage = z.infer<typeof uploadedImageSchema>;

// ---- engineers and contractors (002 §1, §3, §4)

export const CONTRACTOR_STATUSES = ['certified', 'uncertified'] as const;
export type ContractorStatus = (typeof CONTRACTOR_STATUSES)[number];

export const contractorPageSchema = pageRequestSchema.extend({
  userName: z.string().trim().max(50).optional(),
  contractorCompany: z.string().trim().max(CONTRACTOR_FIELD_MAX).optional(),
  status: z.enum(CONTRACTOR_STATUSES).optional(),
});
export type ContractorPage = z.infer<typeof contractorPageSchema>;

export const contractorSchema = z.object({
  accountId: z.number().int(),
  userName: z.string(),
  realName: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  roleCode: z.string(),
  contractorCompany: z.string().nullable(),
  contractorContact: z.string().nullable(),
  status: z.enum(CONTRACTOR_STATUSES),
  /** The company and contact the certificate was given for (a later change of either voids it). */
  certifiedCompany: z.string().nullable(),
  certifiedContact: z.string().nullable(),
  decidedAt: z.string().nullable(),
  deciderName: z.string().nullable(),
  note: z.string().nullable(),
});
export type Contractor = z.infer<typeof contractorSchema>;

const contractorField = z.string().trim().min(1).max(CONTRACTOR_FIELD_MAX);

/** The operator records or corrects an engineer's contractor company and contact. */
export const contractorSaveSchema = z
  .object({
    id: z.number().int().positive(),
    contractorCompany: contractorField,
    contractorContact: contractorField,
  })
  .strict();
export type ContractorSave = z.infer<typeof contractorSaveSchema>;

/** Certify or withdraw: status certified or uncertified, with an optional note. */
export const contractorCertifySchema = z
  .object({
    id: z.number().int().positive(),
    status: z.enum(CONTRACTOR_STATUSES),
    note: z.string().trim().max(100).optional(),
  })
  .strict();
export type ContractorCertify = z.infer<typeof contractorCertifySchema>;
