import type {
  AccountLookup,
  Asset,
  AssetInsert,
  AssetPageRequest,
  AssetUpdate,
  AssignableRole,
  DeviceRow,
  Invitation,
  Invite,
  Member,
  MemberPageRequest,
  Organization,
  OrganizationAddUser,
  OrganizationInsert,
  OrganizationNode,
  OwnedDevicePageRequest,
  PageResponse,
  Project,
  ProjectInsert,
  ProjectPageRequest,
  UpdateAccountOrganizationRel,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { http, upload } from './http.ts';

/**
 * Organizations, members and invitations, projects and assets (002 §3-§7; paths in
 * docs/decisions.md "Organizations, projects and assets"), under /api.
 */

const ORG = '/base/BaseOrganization';
const ACCOUNT = '/base/BaseAccount';
const PROJECT = '/base/BaseProject';
const ASSET = '/device/DeviceComb';

export const orgKeys = {
  organizations: ['organizations'] as const,
  tree: () => [...orgKeys.organizations, 'tree'] as const,
  detail: (id: number) => [...orgKeys.organizations, 'detail', id] as const,
  members: (id: number) => [...orgKeys.organizations, 'members', id] as const,
  invitations: (id: number) => [...orgKeys.organizations, 'invitations', id] as const,
  mine: () => [...orgKeys.organizations, 'mine'] as const,
  roles: () => [...orgKeys.organizations, 'roles'] as const,
  devices: (id: number) => [...orgKeys.organizations, 'devices', id] as const,
  projects: ['projects'] as const,
  assets: ['assets'] as const,
};

interface Invited {
  invitationId: number;
  registered: boolean;
  notified: boolean;
}
type Binding = { id: number; deviceIds: number[] };

export const organizationApi = {
  tree: (signal?: AbortSignal) => http.post<OrganizationNode[]>(`${ORG}/list`, {}, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<Organization>(`${ORG}/detail`, { params: { id }, signal }),
  /** Quiet: the form shows the server's message under the field it names. */
  insert: (body: OrganizationInsert) => http.post<Organization>(`${ORG}/insert`, body, { quiet: true }),
  update: (id: number, name: string) => http.put<null>(`${ORG}/update`, { id, name }, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${ORG}/delete`, { params: { id } }),
  transfer: (id: number, accountId: number) => http.put<null>(`${ORG}/transfer`, { id, accountId }),
  roles: (signal?: AbortSignal) => http.get<AssignableRole[]>(`${ORG}/roles`, { signal }),
  devicePage: (request: OwnedDevicePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceRow>>(`${ORG}/devicePage`, request, { signal }),
  bindDevices: (body: Binding) => http.put<{ deviceIds: number[] }>(`${ORG}/bindDevices`, body),
  unbindDevices: (body: Binding) => http.put<{ deviceIds: number[] }>(`${ORG}/unbindDevices`, body),
  members: (request: MemberPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<Member>>(`${ACCOUNT}/getAccountList/page`, request, { signal }),
  /** A registered account of the platform by user name, phone or e-mail; null when none. */
  lookup: (uep: string) =>
    http.get<AccountLookup | null>(`${ACCOUNT}/queryAccountByUEP`, { params: { uep } }),
  invite: (body: Invite) => http.post<Invited>(`${ACCOUNT}/invite`, body, { quiet: true }),
  addUser: (body: OrganizationAddUser) =>
    http.post<Invited>(`${ACCOUNT}/organizationAddUser`, body, { quiet: true }),
  removeMember: (organizationId: number, accountId: number) =>
    http.delete<null>(`${ACCOUNT}/deleteInOrganization`, { params: { organizationId, accountId } }),
  updateRole: (organizationId: number, accountId: number, roleId: number) =>
    http.put<null>('/base/BaseRole/updateRoleInOrganization', { organizationId, accountId, roleId }),
  updateRelation: (body: UpdateAccountOrganizationRel) =>
    http.put<null>(`${ACCOUNT}/updateAccountOrganizationRel`, body),
  invitations: (organizationId: number, signal?: AbortSignal) =>
    http.get<Invitation[]>(`${ORG}/invitationList`, { params: { organizationId }, signal }),
  cancelInvitation: (id: number) => http.delete<null>(`${ORG}/cancelInvitation`, { params: { id } }),
  myInvitations: (signal?: AbortSignal) => http.get<Invitation[]>(`${ORG}/myInvitations`, { signal }),
  accept: (id: number) => http.put<null>(`${ORG}/acceptInvitation`, { id }),
  decline: (id: number) => http.put<null>(`${ORG}/declineInvitation`, { id }),
};

export const projectApi = {
  page: (request: ProjectPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<Project>>(`${PROJECT}/list`, request, { signal }),
  overview: (signal?: AbortSignal) => http.get<Project[]>(`${PROJECT}/overview`, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<Project>(`${PROJECT}/detail`, { params: { id }, signal }),
  insert: (body: ProjectInsert) => http.post<Project>(`${PROJECT}/insert`, body, { quiet: true }),
  update: (id: number, projectName: string) =>
    http.put<null>(`${PROJECT}/update`, { id, projectName }, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${PROJECT}/delete`, { params: { id } }),
  devicePage: (request: OwnedDevicePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceRow>>(`${PROJECT}/devicePage`, request, { signal }),
  bindDevices: (body: Binding) => http.put<{ deviceIds: number[] }>(`${PROJECT}/bindDevices`, body),
  unbindDevices: (body: Binding) => http.put<{ deviceIds: number[] }>(`${PROJECT}/unbindDevices`, body),
};

export const assetApi = {
  page: (request: AssetPageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<Asset>>(`${ASSET}/page`, request, { signal }),
  detail: (id: number, signal?: AbortSignal) =>
    http.get<Asset>(`${ASSET}/detail`, { params: { id }, signal }),
  insert: (body: AssetInsert) => http.post<Asset>(`${ASSET}/insert`, body, { quiet: true }),
  update: (body: AssetUpdate) => http.put<Asset>(`${ASSET}/update`, body, { quiet: true }),
  remove: (id: number) => http.delete<null>(`${ASSET}/delete`, { params: { id } }),
  setState: (id: number, combState: 0 | 1) => http.put<Asset>(`${ASSET}/updateState`, { id, combState }),
  devicePage: (request: OwnedDevicePageRequest, signal?: AbortSignal) =>
    http.post<PageResponse<DeviceRow>>(`${ASSET}/devicePage`, request, { signal }),
  bindDevices: (body: Binding) => http.put<{ deviceIds: number[] }>(`${ASSET}/bindDevices`, body),
  unbindDevices: (body: Binding) => http.put<{ deviceIds: number[] }>(`${ASSET}/unbindDevices`, body),
  uploadImage: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return upload<{ url: string }>(`${ASSET}/uploadImage`, form);
  },
};

export function useOrganizationTree(enabled = true) {
  return useQuery({
    queryKey: orgKeys.tree(),
    queryFn: ({ signal }) => organizationApi.tree(signal),
    enabled,
  });
}

export function useOrgRoles(enabled = true) {
  return useQuery({
    queryKey: orgKeys.roles(),
    queryFn: ({ signal }) => organizationApi.roles(signal),
    enabled,
  });
}

export function useMyInvitations() {
  return useQuery({
    queryKey: orgKeys.mine(),
    queryFn: ({ signal }) => organizationApi.myInvitations(signal),
  });
}

export function useProjectOverview(enabled = true) {
  return useQuery({
    queryKey: [...orgKeys.projects, 'overview'],
    queryFn: ({ signal }) => projectApi.overview(signal),
    enabled,
  });
}

export function useProject(id: number) {
  return useQuery({
    queryKey: [...orgKeys.projects, 'detail', id],
    queryFn: ({ signal }) => projectApi.detail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useAsset(id: number) {
  return useQuery({
    queryKey: [...orgKeys.assets, 'detail', id],
    queryFn: ({ signal }) => assetApi.detail(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}
