import type {
  BaseAccount,
  BaseInfoRequest,
  ChildInsert,
  ChildPage,
  ChildUpdate,
  DownloadInsert,
  DownloadPage,
  DownloadRow,
  ModifyEmailAndPasswordRequest,
  ModifyPhoneAndPasswordRequest,
  OperationLog,
  PageRequest,
  PageResponse,
  PermissionGroup,
  ResetPasswordBySys,
  RoleDetail,
  RoleInsert,
  RolePage,
  RolePick,
  RoleRow,
  RoleUpdate,
  SysAddUser,
  SysModifyUser,
  UserCondition,
  UserRow,
} from '@coldchain/shared';
import { useQuery } from '@tanstack/react-query';
import { queryClient } from '../app/query-client.ts';
import { accountKeys } from './account.ts';
import { type DownloadedFile, fetchFile, http, upload } from './http.ts';

const ACCOUNT = '/base/BaseAccount';
const ROLE = '/base/BaseRole';
const FILE = '/device/FileDownload';

/** Where a role list or a permission tree belongs: the back office or an enterprise's own. */
export type RoleView = 'console' | 'backOffice';

export const peopleKeys = {
  users: ['people', 'users'] as const,
  children: ['people', 'children'] as const,
  roles: (view: RoleView) => ['people', 'roles', view] as const,
  tree: (view: RoleView) => ['people', 'tree', view] as const,
  rolePicks: (kind: 'system' | 'camp') => ['people', 'rolePicks', kind] as const,
  downloads: ['people', 'downloads'] as const,
  log: ['people', 'log'] as const,
};

/** The back office's users (002 §7 account calls). */
export const usersApi = {
  page: (request: UserCondition, signal: AbortSignal) =>
    http.post<PageResponse<UserRow>>(`${ACCOUNT}/queryUserByCondition`, request, { signal }),
  add: (body: SysAddUser) => http.post<UserRow>(`${ACCOUNT}/sysAddUser`, body),
  modify: (body: SysModifyUser) => http.post<UserRow>(`${ACCOUNT}/sysModifyUser`, body),
  remove: (id: number) => http.post<null>(`${ACCOUNT}/sysDeleteUser`, { id }),
  resetPassword: (body: ResetPasswordBySys) => http.post<null>(`${ACCOUNT}/resetPasswordBySys`, body),
  upgrade: (id: number, companyName?: string) =>
    http.put<UserRow>(`${ACCOUNT}/userTypeUpgrade`, undefined, { params: { id, companyName } }),
  byRole: (roleId: number, request: PageRequest, signal: AbortSignal) =>
    http.post<PageResponse<UserRow>>(`${ACCOUNT}/queryUserByRole`, { ...request, roleId }, { signal }),
  exportFile: (condition: Omit<UserCondition, 'start' | 'pageSize'>): Promise<DownloadedFile> =>
    fetchFile('POST', `${ACCOUNT}/exportUserByCondition`, { body: condition }),
};

/** An enterprise account's sub-users (user centre, user management). */
export const childrenApi = {
  page: (request: ChildPage, signal: AbortSignal) =>
    http.post<PageResponse<UserRow>>(`${ACCOUNT}/child/page`, request, { signal }),
  add: (body: ChildInsert) => http.post<UserRow>(`${ACCOUNT}/child/insert`, body),
  update: (body: ChildUpdate) => http.put<UserRow>(`${ACCOUNT}/child/update`, body),
  remove: (id: number) => http.delete<null>(`${ACCOUNT}/child/delete`, { params: { id } }),
};

export const rolesApi = {
  page: (view: RoleView, request: RolePage, signal: AbortSignal) =>
    http.post<PageResponse<RoleRow>>(`${ROLE}/${view === 'console' ? 'page' : 'sysPage'}`, request, {
      signal,
    }),
  detail: (id: number) => http.get<RoleDetail>(`${ROLE}/detail`, { params: { id } }),
  insert: (view: RoleView, body: RoleInsert) =>
    http.post<RoleDetail>(`${ROLE}/${view === 'console' ? 'insert' : 'sysInsert'}`, body),
  update: (body: RoleUpdate) => http.put<RoleDetail>(`${ROLE}/update`, body),
  remove: (id: number) => http.delete<null>(`${ROLE}/delete`, { params: { id } }),
};

export function usePermissionTree(view: RoleView) {
  return useQuery({
    queryKey: peopleKeys.tree(view),
    queryFn: ({ signal }) =>
      http.get<PermissionGroup[]>(`${ROLE}/permissionTree`, { params: { view }, signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The roles the back office may give (querySystemRoleList). */
export function useSystemRoles(enabled = true) {
  return useQuery({
    queryKey: peopleKeys.rolePicks('system'),
    queryFn: ({ signal }) => http.post<RolePick[]>(`${ROLE}/querySystemRoleList`, {}, { signal }),
    enabled,
  });
}

/** The roles an enterprise gives its sub-users (queryRolesByCampAccount). */
export function useCampRoles() {
  return useQuery({
    queryKey: peopleKeys.rolePicks('camp'),
    queryFn: ({ signal }) => http.get<RolePick[]>(`${ROLE}/queryRolesByCampAccount`, { signal }),
  });
}

export const downloadsApi = {
  page: (request: DownloadPage, signal: AbortSignal) =>
    http.post<PageResponse<DownloadRow>>(`${FILE}/page`, request, { signal }),
  request: (body: DownloadInsert) => http.post<DownloadRow>(`${FILE}/insert`, body),
  file: (id: number) => fetchFile('GET', `${FILE}/download`, { params: { id } }),
  remove: (id: number) => http.delete<null>(`${FILE}/delete`, { params: { id } }),
};

export const operationLogApi = {
  page: (request: PageRequest & Record<string, unknown>, signal: AbortSignal) =>
    http.post<PageResponse<OperationLog>>('/base/BaseOperationLog/page', request, { signal }),
};

const reloadAccount = () => queryClient.invalidateQueries({ queryKey: accountKeys.info() });

/** The caller's own account (personal info page); each change reloads the account info. */
export const myAccountApi = {
  modifyBaseInfo: async (body: BaseInfoRequest) => {
    const answer = await http.post<BaseAccount>(`${ACCOUNT}/modifyBaseInfo`, body);
    await reloadAccount();
    return answer;
  },
  modifyPhone: async (body: ModifyPhoneAndPasswordRequest) => {
    const answer = await http.post<BaseAccount>(`${ACCOUNT}/modifyPhoneAndPassword`, body);
    await reloadAccount();
    return answer;
  },
  modifyEmail: async (body: ModifyEmailAndPasswordRequest) => {
    const answer = await http.post<BaseAccount>(`${ACCOUNT}/modifyEmailAndPassword`, body);
    await reloadAccount();
    return answer;
  },
  uploadAvatar: async (file: File) => {
    const form = new FormData();
    form.append('file', file);
    const answer = await upload<BaseAccount>(`${ACCOUNT}/uploadHeadPhoto`, form);
    await reloadAccount();
    return answer;
  },
  sendPhoneCode: (phone: string) =>
    http.get<null>(`${ACCOUNT}/code/phone`, { params: { phone, purpose: 'modify' } }),
  sendEmailCode: (email: string) =>
    http.get<null>(`${ACCOUNT}/code/email`, { params: { email, purpose: 'modify' } }),
};
