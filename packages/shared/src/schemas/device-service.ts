import { z } from 'zod';

/** An expiry year of 2099 or later reads as lifelong (001 §2.1, §9). */
export const DEVICE_SERVICE_LIFELONG_YEAR = 2099;
/** A time length of 1,200 months or more is lifelong (001 §9). */
export const DEVICE_SERVICE_LIFELONG_MONTHS = 1200;
/** A trial claim gives a device 2 months of service, once (001 §9, 002 §9). */
export const DEVICE_TRIAL_MONTHS = 2;
/** SMS or voice counts one credit may add at most; a guard against a malformed order, not a spec limit. */
export const DEVICE_SERVICE_COUNT_CREDIT_MAX = 1_000_000;

/** The device ids a credit or a trial names. */
export const deviceServiceIdSchema = z.object({ deviceId: z.coerce.number().int().positive() });
export type DeviceServiceId = z.infer<typeof deviceServiceIdSchema>;
