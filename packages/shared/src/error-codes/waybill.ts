/** Waybills, waybill templates and geofences: codes 4500-4599. */
export const WAYBILL_ERRORS = {
  /** A waybill that does not exist or that the caller may not see (the same answer for both). */
  waybillNotFound: { code: 4500, http: 200 },
  /** The action does not fit the waybill's state (start a started one, receive one in progress). */
  waybillStateInvalid: { code: 4501, http: 200 },
  /** The device's type can only be started at the device (no remote start). */
  waybillStartAtDevice: { code: 4502, http: 200 },
  /** The device already carries a waybill that has not ended. */
  waybillDeviceBusy: { code: 4503, http: 200 },
  /** A geofence that does not exist or that the caller may not see. */
  geofenceNotFound: { code: 4504, http: 200 },
  /** A waybill or track template that does not exist or that the caller may not see. */
  waybillTemplateNotFound: { code: 4505, http: 200 },
  /** A share link that expired, or a waybill key that matches nothing public. */
  waybillLinkInvalid: { code: 4506, http: 200 },
  /** A started waybill changes only its parties, contacts and receive settings. */
  waybillStartedLocked: { code: 4507, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
