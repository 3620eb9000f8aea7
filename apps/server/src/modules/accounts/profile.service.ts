import {
  AVATAR_MAX_BYTES,
  type BaseInfoForeignRequest,
  type BaseInfoRequest,
  type DictType,
  IMAGE_EXTENSIONS,
  type ProfileUpdateRequest,
} from '@coldchain/shared';
import { isDictValue } from '@coldchain/shared/dictionaries';
import type { Updateable } from 'kysely';
import { iso } from '../../clock.ts';
import type { AppContext } from '../../context.ts';
import type { AccountTable, UserProfileTable } from '../../db/database.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { Translate } from '../../i18n/i18n.ts';
import type { AuthState } from '../../types.d.ts';
import { isTimeZone } from '../dicts/time-zones.ts';
import { type AccountRow, AccountsRepo, type ProfileRow } from './accounts.repo.ts';
import { AvatarStorage, contentMatches, extensionOf } from './avatar-storage.ts';
import { ProfileRepo } from './profile.repo.ts';

export interface Changed<T> {
  before: T;
  after: T;
  /** The fields the call set, for the audit trail. */
  fields: string[];
}

/** Only the named fields of a row, for before and after values in the trail. */
export function pick<T extends object>(row: T, fields: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(Object.entries(row).filter(([key]) => fields.includes(key)));
}

const emptyToNull = (value: string | undefined) => (value === undefined ? undefined : value || null);

/**
 * The caller's base information, user profile and avatar (modifyBaseInfo, modifyBaseInfoForForeign,
 * BaseUserProfile/update, uploadHeadPhoto). Each acts on the caller's own rows only, and only on the
 * fields its schema lists.
 */
export class ProfileService {
  private readonly accounts: AccountsRepo;
  private readonly profiles: ProfileRepo;
  readonly avatars: AvatarStorage;
  constructor(private readonly ctx: AppContext) {
    this.accounts = new AccountsRepo(ctx.db);
    this.profiles = new ProfileRepo(ctx.db);
    this.avatars = new AvatarStorage(ctx.config.dataDir);
  }

  async modifyBaseInfo(
    auth: AuthState,
    input: BaseInfoRequest | BaseInfoForeignRequest,
  ): Promise<Changed<AccountRow>> {
    if (input.timeZone !== undefined && !isTimeZone(input.timeZone))
      throw fieldError('timeZone', 'rules.timeZone');
    const changes: Updateable<AccountTable> = {
      realName: emptyToNull(input.realName),
      companyName: input.companyName,
      timeZone: input.timeZone,
      temperatureUnit: input.temperatureUnit,
      contractorCompany: emptyToNull(input.contractorCompany),
      contractorContact: emptyToNull(input.contractorContact),
      countryCode: 'countryCode' in input ? input.countryCode.replace(/^\+/, '') : undefined,
    };
    const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
    if (fields.length === 0) throw fieldError('body', 'rules.nothingToChange');
    const after = await this.accounts.update(auth.account.id, { ...changes, updatedAt: iso(this.ctx.clock) });
    return { before: auth.account, after, fields };
  }

  async updateProfile(
    auth: AuthState,
    input: ProfileUpdateRequest,
    t: Translate,
  ): Promise<Changed<ProfileRow>> {
    for (const type of ['identity', 'industry'] as const satisfies readonly DictType[]) {
      const value = input[type];
      if (value !== undefined && !isDictValue(type, value)) {
        throw fieldError(type, 'rules.dictValue', { dict: t(`fields.${type}`) });
      }
    }
    const changes: Updateable<UserProfileTable> = {
      identity: input.identity,
      industry: input.industry,
      alarmToneStatus: input.alarmToneStatus,
      homePage: input.homePage,
    };
    const fields = Object.keys(changes).filter((k) => changes[k as keyof typeof changes] !== undefined);
    if (fields.length === 0) throw fieldError('body', 'rules.nothingToChange');
    const now = iso(this.ctx.clock);
    const before = await this.profiles.ensure(auth.account.id, now);
    const after = await this.accounts.updateProfile(auth.account.id, { ...changes, updatedAt: now });
    return { before, after, fields };
  }

  /**
   * A new avatar: jpg, jpeg or png by name and by content, at most AVATAR_MAX_BYTES (the multipart
   * reader enforces the size). The replaced file is removed.
   */
  async uploadAvatar(auth: AuthState, filename: string, bytes: Buffer): Promise<Changed<AccountRow>> {
    const ext = extensionOf(filename);
    if (!ext || !contentMatches(ext, bytes))
      throw new AppError('fileType', { types: IMAGE_EXTENSIONS.join(', ') });
    if (bytes.length > AVATAR_MAX_BYTES) throw tooLarge();
    const url = await this.avatars.save(ext, bytes);
    let after: AccountRow;
    try {
      after = await this.accounts.update(auth.account.id, {
        accountPhoto: url,
        updatedAt: iso(this.ctx.clock),
      });
    } catch (error) {
      // No file without the row that points at it.
      await this.avatars.remove(url);
      throw error;
    }
    if (auth.account.accountPhoto !== url) await this.avatars.remove(auth.account.accountPhoto);
    return { before: auth.account, after, fields: ['accountPhoto'] };
  }
}

export function tooLarge(): AppError {
  return new AppError('fileTooLarge', { maxMb: AVATAR_MAX_BYTES / (1024 * 1024) });
}
