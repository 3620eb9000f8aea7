import {
  type Action,
  type ChildInsert,
  type ChildPage,
  type ChildUpdate,
  type ResetPasswordBySys,
  type SysAddUser,
  type SysModifyUser,
  USER_EXPORT_MAX_ROWS,
  USER_PICK_LIST_MAX,
  type UserByRole,
  type UserCondition,
  type UserExportCondition,
  type UserPickList,
  type UserTypeUpgradeQuery,
} from '@coldchain/shared';
import type { Updateable } from 'kysely';
import { hashPassword } from '../../auth/passwords.ts';
import type { SessionsService } from '../../auth/sessions.service.ts';
import type { AppContext } from '../../context.ts';
import type { AccountTable } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import { AccountsRepo } from '../accounts/accounts.repo.ts';
import { LoginFailuresRepo } from '../accounts/login-failures.repo.ts';
import { newAccountRow, newProfileRow } from '../accounts/new-account.ts';
import { assertNewPassword } from '../accounts/password-rules.ts';
import { isTimeZone } from '../dicts/time-zones.ts';
import { PlatformsRepo } from '../platforms/platforms.repo.ts';
import { ADMIN_ROLE, enterpriseOf, has, isAdmin, type PeopleCaller } from '../roles/role-policy.ts';
import type { RolesService } from '../roles/roles.service.ts';
import { type AccountRow, inUserScope, type UserScope, UsersRepo, type UserView } from './users.repo.ts';

export interface UserChange {
  before: AccountRow;
  after: AccountRow;
  fields: string[];
}

const BACK_OFFICE = 'system.consumerList';
const CONSOLE = 'consumer.list';
const PERSONAL = 1;
const ENTERPRISE = 2;
const emptyToNull = (value: string | undefined) => (value === undefined ? undefined : value || null);
/** E-mail addresses are stored in lower case; an empty one clears the field. */
const emailChange = (value: string | undefined) =>
  value === undefined ? undefined : value.toLowerCase() || null;
const notFound = () => new AppError('notFound', { entity: 'entities.account' });

/**
 * Users (002 §3 User, §5, §6): the back office's user list (system.consumerList) and an enterprise
 * account's sub-users (consumer.list). Resetting a password, upgrading to enterprise and deleting are
 * for administrators only (002 §6); only an administrator touches an administrator's account.
 */
export class UsersService {
  readonly repo: UsersRepo;
  private readonly accounts: AccountsRepo;
  private readonly platforms: PlatformsRepo;
  constructor(
    private readonly ctx: AppContext,
    private readonly sessions: SessionsService,
    readonly roles: RolesService,
  ) {
    this.repo = new UsersRepo(ctx.db);
    this.accounts = new AccountsRepo(ctx.db);
    this.platforms = new PlatformsRepo(ctx.db);
  }

  private now() {
    return this.ctx.clock.now().toISOString();
  }

  /** The back office's accounts: the caller's platform, or every platform from the default one. */
  backOfficeScope(caller: PeopleCaller, action: Action): UserScope {
    if (!has(caller, `${BACK_OFFICE}:${action}`)) throw new AppError('forbidden');
    return caller.platformIsDefault
      ? { kind: 'all' }
      : { kind: 'platform', platformId: caller.account.platformId };
  }

  private childScope(caller: PeopleCaller, action: Action): UserScope {
    if (!has(caller, `${CONSOLE}:${action}`)) throw new AppError('forbidden');
    return {
      kind: 'children',
      parentAccountId: enterpriseOf(caller.account),
      platformId: caller.account.platformId,
    };
  }

  /** A live account the caller reaches in a scope; anything else answers like a missing id. */
  private async target(scope: UserScope, id: number): Promise<AccountRow> {
    const account = await this.repo.live(id);
    if (!account || !inUserScope(scope, account)) throw notFound();
    return account;
  }

  private async platformOf(platformId: number) {
    const platform = await this.platforms.byId(platformId);
    if (!platform) throw notFound();
    return platform;
  }

  page(caller: PeopleCaller, q: UserCondition) {
    return this.repo.page(this.backOfficeScope(caller, 'query'), q);
  }

  pickList(caller: PeopleCaller, q: UserPickList) {
    return this.repo.pickList(this.backOfficeScope(caller, 'query'), q, USER_PICK_LIST_MAX);
  }

  /** Every user of a condition for the export, refused above USER_EXPORT_MAX_ROWS. */
  async exportRows(
    caller: PeopleCaller,
    q: UserExportCondition,
    onProgress?: (share: number) => Promise<void>,
  ) {
    const scope = this.backOfficeScope(caller, 'export');
    const total = await this.repo.count(scope, q);
    if (total > USER_EXPORT_MAX_ROWS) throw new AppError('exportTooLarge', { max: USER_EXPORT_MAX_ROWS });
    const rows: UserView[] = [];
    const pageSize = 200;
    for (let start = 1; (start - 1) * pageSize < total; start += 1) {
      const page = await this.repo.page(scope, {
        ...q,
        start,
        pageSize,
        sortField: 'id',
        sortOrder: 'ascend',
      });
      rows.push(...page.rows);
      if (page.rows.length < pageSize) break;
      await onProgress?.(rows.length / total);
    }
    return rows;
  }

  /** queryUserByRole: the live users holding a role the caller may see, within the caller's reach. */
  async byRole(caller: PeopleCaller, q: UserByRole) {
    const { role, view } = await this.roles.load(caller, q.roleId, 'query');
    const scope: UserScope =
      view === 'console'
        ? {
            kind: 'children',
            parentAccountId: enterpriseOf(caller.account),
            platformId: caller.account.platformId,
          }
        : caller.platformIsDefault
          ? { kind: 'all' }
          : { kind: 'platform', platformId: caller.account.platformId };
    return this.repo.page(scope, { ...q, roleCode: role.code });
  }

  private async checkContacts(
    platformId: number,
    phone?: string | null,
    email?: string | null,
    exceptId?: number,
  ) {
    if (await this.repo.contactTaken(platformId, { phone, email }, exceptId))
      throw new AppError('duplicateContact');
  }

  private checkZone(timeZone: string | undefined) {
    if (timeZone !== undefined && !isTimeZone(timeZone)) throw fieldError('timeZone', 'rules.timeZone');
  }

  private async create(
    platformId: number,
    input: SysAddUser | ChildInsert,
    extra: Pick<AccountRow, 'accountType' | 'roleCode' | 'companyName' | 'parentAccountId'>,
  ): Promise<AccountRow> {
    const platform = await this.platformOf(platformId);
    assertNewPassword(platform, 'accountPassword', input.accountPassword, input.confirmPassword);
    this.checkZone(input.timeZone);
    if (await this.repo.nameTaken(platformId, input.userName)) throw new AppError('userExists');
    await this.checkContacts(platformId, input.phone, input.email);
    const now = this.now();
    return this.accounts.insert(
      newAccountRow(
        {
          platformId,
          userName: input.userName,
          passwordHash: await hashPassword(input.accountPassword),
          phone: input.phone ?? null,
          email: input.email?.toLowerCase() ?? null,
          realName: input.realName || null,
          ...(input.timeZone ? { timeZone: input.timeZone } : {}),
          ...(input.temperatureUnit ? { temperatureUnit: input.temperatureUnit } : {}),
          ...extra,
        },
        now,
      ),
      newProfileRow(now),
    );
  }

  /** sysAddUser: a new account of the caller's platform; an enterprise account needs a company. */
  async sysAdd(caller: PeopleCaller, input: SysAddUser): Promise<AccountRow> {
    this.backOfficeScope(caller, 'add');
    const platformId = caller.account.platformId;
    if (input.accountType === ENTERPRISE && !input.companyName)
      throw fieldError('companyName', 'rules.companyRequired');
    const role = await this.roles.assignableInBackOffice(caller, input.roleCode, platformId);
    return this.create(platformId, input, {
      accountType: input.accountType,
      roleCode: role.code,
      companyName: input.companyName ?? null,
      parentAccountId: null,
    });
  }

  /** An administrator's account is changed by administrators only. */
  private guardAdminTarget(caller: PeopleCaller, target: AccountRow) {
    if (target.roleCode === ADMIN_ROLE && !isAdmin(caller)) throw new AppError('forbidden');
  }

  async sysModify(caller: PeopleCaller, input: SysModifyUser): Promise<UserChange> {
    const before = await this.target(this.backOfficeScope(caller, 'edit'), input.id);
    this.guardAdminTarget(caller, before);
    this.checkZone(input.timeZone);
    if (input.companyName === '' && before.accountType === ENTERPRISE)
      throw fieldError('companyName', 'rules.companyRequired');
    if (input.roleCode !== undefined && input.roleCode !== before.roleCode)
      await this.roles.assignableInBackOffice(caller, input.roleCode, before.platformId);
    await this.checkContacts(before.platformId, input.phone || null, input.email || null, before.id);
    const changes: Updateable<AccountTable> = {
      realName: emptyToNull(input.realName),
      companyName: emptyToNull(input.companyName),
      phone: emptyToNull(input.phone),
      email: emailChange(input.email),
      roleCode: input.roleCode,
      timeZone: input.timeZone,
      temperatureUnit: input.temperatureUnit,
    };
    return this.apply(before, changes);
  }

  private async apply(before: AccountRow, changes: Updateable<AccountTable>): Promise<UserChange> {
    const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
    if (fields.length === 0) throw fieldError('body', 'rules.nothingToChange');
    const after = await this.repo.update(before.id, { ...changes, updatedAt: this.now() });
    return { before, after, fields };
  }

  /** The administrator-only functions (002 §6) answer 403 to anyone else before looking anything up. */
  private adminScope(caller: PeopleCaller, action: Action): UserScope {
    const scope = this.backOfficeScope(caller, action);
    if (!isAdmin(caller)) throw new AppError('forbidden');
    return scope;
  }

  /** resetPasswordBySys: a new password under the account's platform policy; its sessions end. */
  async resetPassword(caller: PeopleCaller, input: ResetPasswordBySys): Promise<AccountRow> {
    const target = await this.target(this.adminScope(caller, 'edit'), input.id);
    assertNewPassword(
      await this.platformOf(target.platformId),
      'newPassword',
      input.newPassword,
      input.confirmPassword,
    );
    const after = await this.repo.update(target.id, {
      passwordHash: await hashPassword(input.newPassword),
      updatedAt: this.now(),
    });
    await new LoginFailuresRepo(this.ctx.db).clearAccount(after);
    await this.sessions.revokeOthers(target.id, 'password');
    return after;
  }

  /** userTypeUpgrade: personal to enterprise; a personal user's role becomes the enterprise admin's. */
  async upgrade(caller: PeopleCaller, q: UserTypeUpgradeQuery): Promise<UserChange> {
    const before = await this.target(this.adminScope(caller, 'edit'), q.id);
    if (before.accountType !== PERSONAL) throw new AppError('alreadyEnterprise');
    const companyName = q.companyName ?? before.companyName;
    if (!companyName) throw fieldError('companyName', 'rules.companyRequired');
    return this.apply(before, {
      accountType: ENTERPRISE,
      companyName,
      roleCode: before.roleCode === 'personalUser' ? 'enterpriseAdmin' : undefined,
    });
  }

  /** sysDeleteUser: the account (with its sub-users) is marked deleted and its sessions end. */
  async sysDelete(caller: PeopleCaller, id: number): Promise<AccountRow> {
    const target = await this.target(this.adminScope(caller, 'delete'), id);
    return this.remove(caller, target);
  }

  private async remove(caller: PeopleCaller, target: AccountRow): Promise<AccountRow> {
    if (target.id === caller.account.id) throw new AppError('cannotDeleteSelf');
    for (const id of await this.repo.softDelete(target.id, this.now()))
      await this.sessions.revokeOthers(id, 'deleted');
    return target;
  }

  // ---- an enterprise account's sub-users (user centre, user management)

  childPage(caller: PeopleCaller, q: ChildPage) {
    return this.repo.page(this.childScope(caller, 'query'), q);
  }

  async childInsert(caller: PeopleCaller, input: ChildInsert): Promise<AccountRow> {
    this.childScope(caller, 'add');
    const role = await this.roles.assignableInConsole(caller, input.roleCode);
    const owner = enterpriseOf(caller.account);
    const parent = owner === caller.account.id ? caller.account : await this.repo.live(owner);
    return this.create(caller.account.platformId, input, {
      accountType: ENTERPRISE,
      roleCode: role.code,
      companyName: parent?.companyName ?? null,
      parentAccountId: owner,
    });
  }

  async childUpdate(caller: PeopleCaller, input: ChildUpdate): Promise<UserChange> {
    const before = await this.target(this.childScope(caller, 'edit'), input.id);
    if (input.roleCode !== undefined && input.roleCode !== before.roleCode)
      await this.roles.assignableInConsole(caller, input.roleCode);
    await this.checkContacts(before.platformId, input.phone || null, input.email || null, before.id);
    return this.apply(before, {
      realName: emptyToNull(input.realName),
      phone: emptyToNull(input.phone),
      email: emailChange(input.email),
      roleCode: input.roleCode,
    });
  }

  async childDelete(caller: PeopleCaller, id: number): Promise<AccountRow> {
    const target = await this.target(this.childScope(caller, 'delete'), id);
    return this.remove(caller, target);
  }
}
