import { z } from 'zod';
import { NOTICE_CONTENT_MAX } from '../constants.ts';
import { flagSchema, pageRequestSchema } from './common.ts';

const campSchema = z.literal([0, 1]);
const positiveSmall = z.coerce.number().int().min(1).max(9);

/** The notice modal's call (000 §3 notice request fields): every filter is optional. */
export const noticeQuerySchema = z.object({
  noticeCamp: z.coerce.number().pipe(campSchema).optional(),
  noticePlatform: positiveSmall.optional(),
  noticeType: positiveSmall.optional(),
});
export type NoticeQuery = z.infer<typeof noticeQuerySchema>;

/** What the console shows: the newest notice the caller has not dismissed (000 §3 noticeId, noticeContent). */
export const currentNoticeSchema = z.object({ noticeId: z.number().int(), noticeContent: z.string() });
export type CurrentNotice = z.infer<typeof currentNoticeSchema>;

export const noticeDismissSchema = z.object({ noticeId: z.number().int().positive() }).strict();
export type NoticeDismiss = z.infer<typeof noticeDismissSchema>;

const noticeFields = {
  noticeContent: z.string().trim().min(1).max(NOTICE_CONTENT_MAX),
  noticeCamp: campSchema.default(1),
  noticePlatform: z.number().int().min(1).max(9).default(1),
  noticeType: z.number().int().min(1).max(9).default(1),
  active: flagSchema.default(1),
};
export const noticeInsertSchema = z.object(noticeFields).strict();
export type NoticeInsert = z.infer<typeof noticeInsertSchema>;
export const noticeUpdateSchema = z
  .object({
    id: z.number().int().positive(),
    noticeContent: noticeFields.noticeContent.optional(),
    noticeCamp: campSchema.optional(),
    noticePlatform: z.number().int().min(1).max(9).optional(),
    noticeType: z.number().int().min(1).max(9).optional(),
    active: flagSchema.optional(),
  })
  .strict();
export type NoticeUpdate = z.infer<typeof noticeUpdateSchema>;

export const noticePageSchema = pageRequestSchema.extend({
  noticeContent: z.string().trim().max(NOTICE_CONTENT_MAX).optional(),
  active: flagSchema.optional(),
});
export type NoticePageRequest = z.infer<typeof noticePageSchema>;

export const noticeSchema = z.object({
  id: z.number().int(),
  noticeContent: z.string(),
  noticeCamp: z.number().int(),
  noticePlatform: z.number().int(),
  noticeType: z.number().int(),
  active: flagSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Notice = z.infer<typeof noticeSchema>;
