/** Organizations, projects and assets: codes 4300-4399. */
export const ORG_ERRORS = {
  organizationCreatorOnly: { code: 4301, http: 200 },
  organizationDepth: { code: 4302, http: 200 },
  organizationHasChildren: { code: 4303, http: 200 },
  alreadyMember: { code: 4304, http: 200 },
  invitationPending: { code: 4305, http: 200 },
  cannotRemoveCreator: { code: 4306, http: 200 },
  transferTargetNotMember: { code: 4307, http: 200 },
  selfInvite: { code: 4308, http: 200 },
  deviceInOtherAsset: { code: 4309, http: 200 },
  organizationManageDenied: { code: 4310, http: 200 },
} as const satisfies Record<string, { code: number; http: number }>;
