/** Device service lifecycle and premium membership: codes 3400-3499. */
export const DEVICE_SERVICE_ERRORS = {
  /** A credit or reversal with months or counts that are not whole, non-negative, non-empty amounts. */
  deviceServiceCreditInvalid: { code: 3400, http: 200 },
  /** The device already had its trial months (once per device). */
  trialAlreadyClaimed: { code: 3401, http: 200 },
  /** The device's service lapsed more than 3 months ago: cloud monitoring has stopped (002 §8). */
  deviceServiceLapsed: { code: 3402, http: 200 },
  /** A premium plan that does not exist, is not on the caller's platform or is not on sale. */
  premiumPlanNotFound: { code: 3403, http: 200 },
  /** A lifelong device has nothing to try. */
  trialNotNeeded: { code: 3404, http: 200 },
  /** The premium order could not be created because the order service is not available yet. */
  premiumOrderUnavailable: { code: 3405, http: 200 },
  /** An upload of a device whose data period ended (3 months after its service lapsed); 4xx, as nothing was stored. */
  deviceUploadLapsed: { code: 3406, http: 403 },
} as const satisfies Record<string, { code: number; http: number }>;
