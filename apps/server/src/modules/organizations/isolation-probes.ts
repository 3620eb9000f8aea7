const ORG = '/api/base/BaseOrganization';
const ACCOUNT = '/api/base/BaseAccount';
const PROJECT = '/api/base/BaseProject';
const ASSET = '/api/device/DeviceComb';
const HOME = '/api/base/BaseHomeOption/organization';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** The victim's ids a probe names, or the ids of nothing at all. */
export interface OrgIds {
  org: number;
  member: number;
  invitation: number;
  project: number;
  asset: number;
  device: number;
}
/** The intruder's own things, to pair with the victim's ids. */
export interface OwnIds {
  org: number;
  project: number;
  asset: number;
  device: number;
}
export interface OrganizationProbe {
  name: string;
  method: Method;
  url: string;
  body?: (v: OrgIds, own: OwnIds) => unknown;
  query?: (v: OrgIds, own: OwnIds) => Record<string, string>;
  /** A list or filter: answers the caller's own (empty) result rather than a refusal. */
  list?: true;
}

const q = (o: Record<string, number>) =>
  Object.fromEntries(Object.entries(o).map(([k, v]) => [k, String(v)]));

/** Every call of organizations, projects and assets that names an id. */
export const ORGANIZATION_PROBES: OrganizationProbe[] = [
  { name: 'org detail', method: 'GET', url: `${ORG}/detail`, query: (v) => q({ id: v.org }) },
  { name: 'org update', method: 'PUT', url: `${ORG}/update`, body: (v) => ({ id: v.org, name: 'Taken' }) },
  { name: 'org delete', method: 'DELETE', url: `${ORG}/delete`, query: (v) => q({ id: v.org }) },
  {
    name: 'org sub',
    method: 'POST',
    url: `${ORG}/insert`,
    body: (v) => ({ name: 'Inside', parentId: v.org }),
  },
  {
    name: 'org transfer',
    method: 'PUT',
    url: `${ORG}/transfer`,
    body: (v) => ({ id: v.org, accountId: v.member }),
  },
  {
    name: 'org devices',
    method: 'POST',
    url: `${ORG}/devicePage`,
    body: (v) => ({ id: v.org, start: 1, pageSize: 10 }),
  },
  {
    name: 'org bind into foreign org',
    method: 'PUT',
    url: `${ORG}/bindDevices`,
    body: (v, own) => ({ id: v.org, deviceIds: [own.device] }),
  },
  {
    name: 'org bind foreign device',
    method: 'PUT',
    url: `${ORG}/bindDevices`,
    body: (v, own) => ({ id: own.org, deviceIds: [v.device] }),
  },
  {
    name: 'org unbind',
    method: 'PUT',
    url: `${ORG}/unbindDevices`,
    body: (v) => ({ id: v.org, deviceIds: [v.device] }),
  },
  {
    name: 'members',
    method: 'POST',
    url: `${ACCOUNT}/getAccountList/page`,
    body: (v) => ({ organizationId: v.org, start: 1, pageSize: 10 }),
  },
  {
    name: 'invite',
    method: 'POST',
    url: `${ACCOUNT}/invite`,
    body: (v) => ({ organizationId: v.org, email: 'intruder-friend@example.com' }),
  },
  {
    name: 'add user',
    method: 'POST',
    url: `${ACCOUNT}/organizationAddUser`,
    body: (v) => ({ organizationId: v.org, accountId: v.member }),
  },
  {
    name: 'remove member',
    method: 'DELETE',
    url: `${ACCOUNT}/deleteInOrganization`,
    query: (v) => q({ organizationId: v.org, accountId: v.member }),
  },
  {
    name: 'update role',
    method: 'PUT',
    url: '/api/base/BaseRole/updateRoleInOrganization',
    body: (v) => ({ organizationId: v.org, accountId: v.member, roleId: 1 }),
  },
  {
    name: 'update relation',
    method: 'PUT',
    url: `${ACCOUNT}/updateAccountOrganizationRel`,
    body: (v) => ({ organizationId: v.org, accountId: v.member, permissionModelId: 9 }),
  },
  {
    name: 'move member into foreign org',
    method: 'PUT',
    url: `${ACCOUNT}/updateAccountOrganizationRel`,
    body: (v, own) => ({ organizationId: own.org, accountId: v.member, targetOrganizationId: v.org }),
  },
  {
    name: 'invitations',
    method: 'GET',
    url: `${ORG}/invitationList`,
    query: (v) => q({ organizationId: v.org }),
  },
  {
    name: 'cancel invitation',
    method: 'DELETE',
    url: `${ORG}/cancelInvitation`,
    query: (v) => q({ id: v.invitation }),
  },
  {
    name: 'accept invitation',
    method: 'PUT',
    url: `${ORG}/acceptInvitation`,
    body: (v) => ({ id: v.invitation }),
  },
  {
    name: 'decline invitation',
    method: 'PUT',
    url: `${ORG}/declineInvitation`,
    body: (v) => ({ id: v.invitation }),
  },
  { name: 'project detail', method: 'GET', url: `${PROJECT}/detail`, query: (v) => q({ id: v.project }) },
  {
    name: 'project update',
    method: 'PUT',
    url: `${PROJECT}/update`,
    body: (v) => ({ id: v.project, projectName: 'Taken' }),
  },
  { name: 'project delete', method: 'DELETE', url: `${PROJECT}/delete`, query: (v) => q({ id: v.project }) },
  {
    name: 'project devices',
    method: 'POST',
    url: `${PROJECT}/devicePage`,
    body: (v) => ({ id: v.project, start: 1, pageSize: 10 }),
  },
  {
    name: 'project bind foreign device',
    method: 'PUT',
    url: `${PROJECT}/bindDevices`,
    body: (v, own) => ({ id: own.project, deviceIds: [v.device] }),
  },
  {
    name: 'project bind into foreign project',
    method: 'PUT',
    url: `${PROJECT}/bindDevices`,
    body: (v, own) => ({ id: v.project, deviceIds: [own.device] }),
  },
  {
    name: 'project unbind',
    method: 'PUT',
    url: `${PROJECT}/unbindDevices`,
    body: (v) => ({ id: v.project, deviceIds: [v.device] }),
  },
  {
    name: 'project insert with foreign device',
    method: 'POST',
    url: `${PROJECT}/insert`,
    body: (v) => ({ projectName: 'Grab', deviceIds: [v.device] }),
  },
  { name: 'asset detail', method: 'GET', url: `${ASSET}/detail`, query: (v) => q({ id: v.asset }) },
  {
    name: 'asset update',
    method: 'PUT',
    url: `${ASSET}/update`,
    body: (v) => ({ id: v.asset, combName: 'Taken' }),
  },
  { name: 'asset delete', method: 'DELETE', url: `${ASSET}/delete`, query: (v) => q({ id: v.asset }) },
  {
    name: 'asset state',
    method: 'PUT',
    url: `${ASSET}/updateState`,
    body: (v) => ({ id: v.asset, combState: 0 }),
  },
  {
    name: 'asset devices',
    method: 'POST',
    url: `${ASSET}/devicePage`,
    body: (v) => ({ id: v.asset, start: 1, pageSize: 10 }),
  },
  {
    name: 'asset bind foreign device',
    method: 'PUT',
    url: `${ASSET}/bindDevices`,
    body: (v, own) => ({ id: own.asset, deviceIds: [v.device] }),
  },
  {
    name: 'asset bind into foreign asset',
    method: 'PUT',
    url: `${ASSET}/bindDevices`,
    body: (v, own) => ({ id: v.asset, deviceIds: [own.device] }),
  },
  {
    name: 'asset unbind',
    method: 'PUT',
    url: `${ASSET}/unbindDevices`,
    body: (v) => ({ id: v.asset, deviceIds: [v.device] }),
  },
  {
    name: 'asset insert with foreign device',
    method: 'POST',
    url: `${ASSET}/insert`,
    body: (v) => ({ combName: 'Grab', deviceIds: [v.device] }),
  },
  {
    name: 'asset insert into foreign org',
    method: 'POST',
    url: `${ASSET}/insert`,
    body: (v) => ({ combName: 'Grab', organizationId: v.org }),
  },
  {
    name: 'assets of the org',
    method: 'POST',
    url: `${ASSET}/page`,
    body: (v) => ({ organizationId: v.org, start: 1, pageSize: 10 }),
    list: true,
  },
  {
    name: 'own asset moved into foreign org',
    method: 'PUT',
    url: `${ASSET}/update`,
    body: (v, own) => ({ id: own.asset, combName: 'Own', organizationId: v.org }),
  },
  {
    name: 'push records of the project',
    method: 'POST',
    url: '/api/device/PushRecord/consolePage',
    body: (v) => ({ projectId: v.project, start: 1, pageSize: 10 }),
    list: true,
  },
  {
    name: 'organization home counts',
    method: 'GET',
    url: `${HOME}/statusCount`,
    query: (v) => q({ organizationId: v.org }),
  },
  {
    name: 'organization home positions',
    method: 'GET',
    url: `${HOME}/positions`,
    query: (v) => q({ organizationId: v.org }),
  },
  {
    name: 'device list of the organization',
    method: 'POST',
    url: '/api/device/Device/page',
    body: (v) => ({ organizationId: v.org, start: 1, pageSize: 10 }),
    list: true,
  },
  {
    name: 'back-office device list of the organization',
    method: 'POST',
    url: '/api/device/Device/sysPage',
    body: (v) => ({ organizationId: v.org, start: 1, pageSize: 10 }),
    list: true,
  },
  {
    name: 'alarm messages of the organization',
    method: 'POST',
    url: '/api/device/alarm/page',
    body: (v) => ({ organizationId: v.org, start: 1, pageSize: 10 }),
    list: true,
  },
];

export const MISSING_IDS: OrgIds = {
  org: 999_999,
  member: 999_998,
  invitation: 999_999,
  project: 999_999,
  asset: 999_999,
  device: 999_999,
};
