/** Users, roles, permission templates, sharing, transfer and the download centre: codes 4400-4499. */
export const PEOPLE_ERRORS = {
  // ---- permission templates, sharing and transfer: 4400-4449
  permissionModelNotFound: { code: 4400, http: 200 },
  permissionModelInUse: { code: 4401, http: 200 },
  shareNotFound: { code: 4402, http: 200 },
  transferNotFound: { code: 4403, http: 200 },
  shareLinkInvalid: { code: 4404, http: 200 },
  shareLinkExpired: { code: 4405, http: 200 },
  recipientNotFound: { code: 4406, http: 200 },
  recipientIsSelf: { code: 4407, http: 200 },
  notDeviceOwner: { code: 4408, http: 200 },
  requestAnswered: { code: 4409, http: 200 },
  transferPending: { code: 4410, http: 200 },
  paramReadOnly: { code: 4411, http: 200 },
  shareEndInvalid: { code: 4412, http: 200 },
  // ---- users, roles and the download centre: 4450-4499
  systemRoleLocked: { code: 4450, http: 200 },
  alreadyEnterprise: { code: 4451, http: 200 },
  roleNameTaken: { code: 4452, http: 200 },
  cannotDeleteSelf: { code: 4453, http: 200 },
  exportTooLarge: { code: 4454, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
