const ACCOUNT = '/api/base/BaseAccount';
const ROLE = '/api/base/BaseRole';
const FILE = '/api/device/FileDownload';
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
export interface PeopleProbe {
  name: string;
  method: Method;
  url: string;
  /** Which of the owner's things the call names. */
  target: 'user' | 'child' | 'platformRole' | 'enterpriseRole' | 'download';
  body?: (id: number) => unknown;
  query?: (id: number) => Record<string, string>;
  /** A list or picker: answers the caller's own (empty) result rather than a refusal. */
  list?: true;
}

/** Every call of the people area that names a user, a role or a file by id. */
export const PEOPLE_PROBES: PeopleProbe[] = [
  {
    name: 'sysModifyUser',
    method: 'POST',
    url: `${ACCOUNT}/sysModifyUser`,
    target: 'user',
    body: (id) => ({ id, realName: 'Taken' }),
  },
  {
    name: 'sysDeleteUser',
    method: 'POST',
    url: `${ACCOUNT}/sysDeleteUser`,
    target: 'user',
    body: (id) => ({ id }),
  },
  {
    name: 'resetPasswordBySys',
    method: 'POST',
    url: `${ACCOUNT}/resetPasswordBySys`,
    target: 'user',
    body: (id) => ({ id, newPassword: 'Hijack3d!', confirmPassword: 'Hijack3d!' }),
  },
  {
    name: 'userTypeUpgrade',
    method: 'PUT',
    url: `${ACCOUNT}/userTypeUpgrade`,
    target: 'user',
    query: (id) => ({ id: String(id), companyName: 'Intruder Ltd' }),
  },
  {
    name: 'child/update',
    method: 'PUT',
    url: `${ACCOUNT}/child/update`,
    target: 'child',
    body: (id) => ({ id, realName: 'Taken' }),
  },
  {
    name: 'child/delete',
    method: 'DELETE',
    url: `${ACCOUNT}/child/delete`,
    target: 'child',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'role detail',
    method: 'GET',
    url: `${ROLE}/detail`,
    target: 'platformRole',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'role update',
    method: 'PUT',
    url: `${ROLE}/update`,
    target: 'platformRole',
    body: (id) => ({ id, roleName: 'Taken' }),
  },
  {
    name: 'role delete',
    method: 'DELETE',
    url: `${ROLE}/delete`,
    target: 'platformRole',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'queryUserByRole',
    method: 'POST',
    url: `${ACCOUNT}/queryUserByRole`,
    target: 'platformRole',
    body: (id) => ({ roleId: id }),
  },
  {
    name: 'own role detail',
    method: 'GET',
    url: `${ROLE}/detail`,
    target: 'enterpriseRole',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'own role update',
    method: 'PUT',
    url: `${ROLE}/update`,
    target: 'enterpriseRole',
    body: (id) => ({ id, roleName: 'Taken' }),
  },
  {
    name: 'own role delete',
    method: 'DELETE',
    url: `${ROLE}/delete`,
    target: 'enterpriseRole',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'own role users',
    method: 'POST',
    url: `${ACCOUNT}/queryUserByRole`,
    target: 'enterpriseRole',
    body: (id) => ({ roleId: id }),
  },
  {
    name: 'download',
    method: 'GET',
    url: `${FILE}/download`,
    target: 'download',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'download delete',
    method: 'DELETE',
    url: `${FILE}/delete`,
    target: 'download',
    query: (id) => ({ id: String(id) }),
  },
  {
    name: 'user picker',
    method: 'POST',
    url: `${ACCOUNT}/get/list`,
    target: 'user',
    body: (id) => ({ ids: [id] }),
    list: true,
  },
];
