/** White-label platforms, operator overview, network logs, patterns and contractors: codes 3600-3649. */
export const PLATFORM_SYSTEM_ERRORS = {
  /** Certifying a contractor whose company or contact is missing (002 §3: both up to 20, both needed). */
  contractorIncomplete: { code: 3600, http: 200 },
  /** The contractor already has the status asked for (certified or uncertified). */
  contractorSameState: { code: 3601, http: 200 },
  /** A platform keeps at most PATTERN_IMAGES_MAX pattern images. */
  patternImageLimit: { code: 3602, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
