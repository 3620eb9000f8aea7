/** Firmware versions, online upgrades and app versions: codes 3550-3599. */
export const FIRMWARE_ERRORS = {
  /** A firmware version that does not exist. */
  firmwareVersionNotFound: { code: 3550, http: 200 },
  /** An upgrade record that does not exist or that the caller may not see (the same answer for both). */
  upgradeRecordNotFound: { code: 3551, http: 200 },
  /** The uploaded file named by fileKey is gone or was never uploaded. */
  firmwareFileMissing: { code: 3552, http: 200 },
  /** The device type does not allow online upgrades (onlineUpgradeStatus off). */
  onlineUpgradeDisabled: { code: 3553, http: 200 },
  /** The chosen devices are not of the version's device type. */
  upgradeTypeMismatch: { code: 3554, http: 200 },
  /** The device type already has a version with this value. */
  firmwareVersionTaken: { code: 3555, http: 200 },
  /** A chosen device has an upgrade that has not finished. */
  upgradeInProgress: { code: 3556, http: 200 },
  /** An app version that does not exist or that the caller may not see. */
  appVersionNotFound: { code: 3557, http: 200 },
  /** The platform already has this app version. */
  appVersionTaken: { code: 3558, http: 200 },
  /** A version with unfinished upgrades cannot be deleted. */
  firmwareVersionInUse: { code: 3559, http: 200 },
  /** An app version needs an uploaded package or a store link (iOS: the store link). */
  appVersionSourceMissing: { code: 3560, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
