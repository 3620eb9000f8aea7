import { z } from 'zod';
import {
  PERMISSION_MODEL_ITEMS_MAX,
  PERMISSION_MODEL_NAME_MAX,
  REQUEST_STATES,
  SHARE_BATCH_MAX,
  SHARE_VALIDITIES,
} from '../constants.ts';
import { pageRequestSchema } from './common.ts';

/**
 * Permission templates, device sharing (direct, batch and by link) and device transfer with the
 * recipient's consent (002 §3-§9). Messages of custom rules are translation keys under `rules.`.
 */

const idSchema = z.number().int().positive();
const deviceIdsSchema = z.array(idSchema).min(1).max(SHARE_BATCH_MAX);

// ---- permission templates

/** What a template item governs: a parameter, a block of the device page (a tab) or a button. */
export const PERMISSION_KINDS = ['param', 'block', 'button'] as const;
export type PermissionKind = (typeof PERMISSION_KINDS)[number];
/** Blocks: the tabs of the device page. */
export const PERMISSION_BLOCKS = [
  'realtime',
  'chart',
  'table',
  'map',
  'info',
  'params',
  'log',
  'maintain',
  'alarms',
  'push',
] as const;
/** Buttons: the data export of the chart and table tabs. */
export const PERMISSION_BUTTONS = ['export'] as const;
/** Settings every device has besides its probes' limits. */
export const PERMISSION_DEVICE_PARAMS = ['timeZone', 'recordInterval', 'uploadInterval'] as const;
/** The permission code of a probe parameter of the device type. */
export const paramPermissionCode = (paramId: number) => `param.${paramId}`;

/** 1 yes, 0 no, -1 not applicable (002 §9). */
export const permissionStatusSchema = z.literal([1, 0, -1]);
export type PermissionStatus = z.infer<typeof permissionStatusSchema>;

export const permissionItemSchema = z
  .object({
    permissionCode: z.string().trim().min(1).max(40),
    kind: z.enum(PERMISSION_KINDS),
    viewStatus: permissionStatusSchema,
    setStatus: permissionStatusSchema,
  })
  .strict();
export type PermissionItem = z.infer<typeof permissionItemSchema>;

const permissionModelFields = {
  name: z.string().trim().min(1).max(PERMISSION_MODEL_NAME_MAX),
  deviceTypeId: idSchema.nullable().optional(),
  items: z.array(permissionItemSchema).max(PERMISSION_MODEL_ITEMS_MAX),
};
const uniqueCodes = (v: { items?: PermissionItem[] }, ctx: z.RefinementCtx) => {
  const codes = (v.items ?? []).map((i) => i.permissionCode);
  if (new Set(codes).size !== codes.length)
    ctx.addIssue({ code: 'custom', path: ['items'], message: 'rules.duplicates' });
};
export const permissionModelInsertSchema = z.object(permissionModelFields).strict().superRefine(uniqueCodes);
export type PermissionModelInsert = z.infer<typeof permissionModelInsertSchema>;
export const permissionModelUpdateSchema = z
  .object({ id: idSchema, ...permissionModelFields })
  .strict()
  .superRefine(uniqueCodes);
export type PermissionModelUpdate = z.infer<typeof permissionModelUpdateSchema>;

export const permissionModelPageSchema = pageRequestSchema.extend({
  name: z.string().trim().max(PERMISSION_MODEL_NAME_MAX).optional(),
});
export type PermissionModelPageRequest = z.infer<typeof permissionModelPageSchema>;

export const permissionModelSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  deviceTypeId: z.number().int().nullable(),
  typeName: z.string().nullable(),
  items: z.array(permissionItemSchema),
  /** Shares and organization members the template is applied to. */
  usedBy: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type PermissionModel = z.infer<typeof permissionModelSchema>;

export const permissionCatalogueQuerySchema = z.object({
  deviceTypeId: z.coerce.number().int().positive().optional(),
});
/** The items a template can set for a device type: its probe parameters, the settings, blocks and buttons. */
export const permissionCatalogueSchema = z.object({
  items: z.array(
    z.object({
      permissionCode: z.string(),
      kind: z.enum(PERMISSION_KINDS),
      /** The parameter's name from the device type; null for settings, blocks and buttons (translated by code). */
      label: z.string().nullable(),
    }),
  ),
});
export type PermissionCatalogue = z.infer<typeof permissionCatalogueSchema>;

export const devicePermissionQuerySchema = z.object({ deviceId: z.coerce.number().int().positive() });
/** The caller's permissions on one device (000 §3 device permission item). */
export const devicePermissionSchema = z.object({
  deviceId: z.number().int(),
  /** The caller owns the device (or reaches it through the back office): everything is allowed. */
  owner: z.boolean(),
  items: z.array(permissionItemSchema),
});
export type DevicePermission = z.infer<typeof devicePermissionSchema>;

// ---- sharing

/** Who receives a share or a transfer: a user name, phone or e-mail of the same platform. */
export const recipientSchema = z.string().trim().min(1).max(100);

/** The name a sharer gives the person it shares with, shown in its sharer management (002 §5). */
export const SHARER_NAME_MIN = 2;
export const SHARER_NAME_MAX = 20;
export const sharerNameSchema = z.string().trim().min(SHARER_NAME_MIN).max(SHARER_NAME_MAX);

export const shareValiditySchema = z.enum(SHARE_VALIDITIES);
export type ShareValidity = z.infer<typeof shareValiditySchema>;

const customEnd = (v: { validity?: string; expiresAt?: string | null }, ctx: z.RefinementCtx) => {
  if (v.validity === 'custom' && !v.expiresAt)
    ctx.addIssue({ code: 'custom', path: ['expiresAt'], message: 'rules.required' });
};

export const deviceShareBatchSchema = z
  .object({
    deviceIds: deviceIdsSchema,
    /** A phone or e-mail without an account gets an invitation to register; the share waits for it. */
    account: recipientSchema,
    sharerName: sharerNameSchema.nullable().optional(),
    permissionModelId: idSchema.nullable().optional(),
    /** Absent: the share lasts until it is cancelled. */
    validity: shareValiditySchema.optional(),
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .superRefine(customEnd);
export type DeviceShareBatch = z.infer<typeof deviceShareBatchSchema>;

export const shareLinkCreateSchema = z
  .object({
    deviceIds: deviceIdsSchema,
    permissionModelId: idSchema.nullable().optional(),
    validity: shareValiditySchema,
    expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  })
  .strict()
  .superRefine(customEnd);
export type ShareLinkCreate = z.infer<typeof shareLinkCreateSchema>;

export const shareLinkSchema = z.object({
  id: z.number().int(),
  /** Shown once: the console builds the link from it; only its hash is stored. */
  token: z.string(),
  validity: shareValiditySchema,
  expiresAt: z.string(),
});
export type ShareLink = z.infer<typeof shareLinkSchema>;

export const shareTokenSchema = z.object({ token: z.string().trim().min(16).max(128) });
export type ShareToken = z.infer<typeof shareTokenSchema>;

/** The share page (GET share page info, 002 §7): what the link offers, readable before signing in. */
export const sharePageInfoSchema = z.object({
  ownerName: z.string(),
  devices: z.array(z.object({ deviceName: z.string(), typeName: z.string() })),
  permissionModelName: z.string().nullable(),
  validity: shareValiditySchema,
  expiresAt: z.string(),
  expired: z.boolean(),
});
export type SharePageInfo = z.infer<typeof sharePageInfoSchema>;

export const requestStateSchema = z.enum(REQUEST_STATES);
export type RequestState = z.infer<typeof requestStateSchema>;

export const deviceShareSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceGuid: z.string(),
  ownerAccountId: z.number().int(),
  ownerName: z.string(),
  /** Null while the share waits for someone to register with `contact`. */
  accountId: z.number().int().nullable(),
  accountName: z.string().nullable(),
  /** The phone or e-mail a share to an unregistered person was addressed to. */
  contact: z.string().nullable(),
  /** The name the sharer gave the recipient; shown to the sharer only. */
  sharerName: z.string().nullable(),
  /** How the sharer's list names the recipient: its given name, else the account's, else the contact. */
  recipientName: z.string(),
  awaitingRegistration: z.boolean(),
  permissionModelId: z.number().int().nullable(),
  permissionModelName: z.string().nullable(),
  state: requestStateSchema,
  expiresAt: z.string().nullable(),
  /** The share has passed its end time. */
  expired: z.boolean(),
  viaLink: z.boolean(),
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type DeviceShare = z.infer<typeof deviceShareSchema>;

/** sharer: the shares the caller made (sharer management); recipient: the shares offered to the caller. */
export const deviceSharePageSchema = pageRequestSchema.extend({
  side: z.enum(['sharer', 'recipient']).default('sharer'),
  state: requestStateSchema.optional(),
  accountName: z.string().trim().max(50).optional(),
  deviceName: z.string().trim().max(50).optional(),
});
export type DeviceSharePageRequest = z.infer<typeof deviceSharePageSchema>;

export const requestIdSchema = z.object({ id: idSchema }).strict();
export const requestIdQuerySchema = z.object({ id: z.coerce.number().int().positive() });

export const shareModelUpdateSchema = z
  .object({ id: idSchema, permissionModelId: idSchema.nullable() })
  .strict();
export type ShareModelUpdate = z.infer<typeof shareModelUpdateSchema>;

export const batchShareResultSchema = z.object({ shares: z.array(deviceShareSchema) });
/**
 * A direct share: `registered` false when it went to a phone or e-mail without an account, which was
 * invited to register; `notified` whether that invitation could be sent.
 */
export const deviceShareBatchResultSchema = batchShareResultSchema.extend({
  registered: z.boolean(),
  notified: z.boolean(),
});
export type DeviceShareBatchResult = z.infer<typeof deviceShareBatchResultSchema>;

// ---- transfer

export const deviceTransferBatchSchema = z
  .object({ deviceIds: deviceIdsSchema, account: recipientSchema })
  .strict();
export type DeviceTransferBatch = z.infer<typeof deviceTransferBatchSchema>;

export const deviceTransferSchema = z.object({
  id: z.number().int(),
  deviceId: z.number().int(),
  deviceName: z.string(),
  deviceGuid: z.string(),
  fromAccountId: z.number().int(),
  fromName: z.string(),
  toAccountId: z.number().int(),
  toName: z.string(),
  state: requestStateSchema,
  createdAt: z.string(),
  respondedAt: z.string().nullable(),
});
export type DeviceTransfer = z.infer<typeof deviceTransferSchema>;

export const deviceTransferPageSchema = pageRequestSchema.extend({
  side: z.enum(['outgoing', 'incoming']).default('outgoing'),
  state: requestStateSchema.optional(),
});
export type DeviceTransferPageRequest = z.infer<typeof deviceTransferPageSchema>;

export const batchTransferResultSchema = z.object({ transfers: z.array(deviceTransferSchema) });

/** Requests waiting for the caller's answer. */
export const pendingRequestsSchema = z.object({
  shares: z.array(deviceShareSchema),
  transfers: z.array(deviceTransferSchema),
});
export type PendingRequests = z.infer<typeof pendingRequestsSchema>;
