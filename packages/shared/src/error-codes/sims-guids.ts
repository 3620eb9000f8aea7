/** SIM cards, GUID batches and the all-accounts device export: codes 3500-3549. */
export const SIMS_GUIDS_ERRORS = {
  /** A SIM card that does not exist or belongs to another platform (the same answer for both). */
  simNotFound: { code: 3500, http: 200 },
  /** Another SIM card of the platform already has this ICCID. */
  simIccidTaken: { code: 3501, http: 200 },
  /** The SIM card is already bound to a device; unbind it first. */
  simAlreadyBound: { code: 3502, http: 200 },
  /** The SIM card is not bound to any device. */
  simNotBound: { code: 3503, http: 200 },
  /** The device already carries another SIM card; unbind that one first. */
  deviceHasSim: { code: 3504, http: 200 },
  /** An import file without a single data row, or with a header naming no ICCID column. */
  simImportEmpty: { code: 3505, http: 200 },
  /** An import file with more rows than one import takes. */
  simImportTooManyRows: { code: 3506, http: 200 },
  /** A SIM card bound to a device cannot be deleted. */
  simBoundDelete: { code: 3507, http: 200 },
  /** A GUID batch that does not exist or belongs to another platform. */
  guidBatchNotFound: { code: 3520, http: 200 },
  /** A GUID that does not exist or belongs to another platform. */
  guidNotFound: { code: 3521, http: 200 },
  /** The GUID is locked: no device may be added with it. */
  guidLocked: { code: 3522, http: 200 },
  /** The GUID was generated for another device type. */
  guidTypeMismatch: { code: 3523, http: 200 },
  /** Unique GUIDs could not be drawn (the number space is crowded); try again. */
  guidGenerationFailed: { code: 3524, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
