import {
  type DeviceShareBatch,
  type DeviceSharePageRequest,
  type Locale,
  SHARE_CUSTOM_MAX_DAYS,
  SHARE_VALIDITY_MS,
  type ShareLinkCreate,
  type ShareModelUpdate,
  type SharePageInfo,
  type ShareValidity,
} from '@coldchain/shared';
import { newToken, sha256 } from '../../auth/tokens.ts';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Contact } from '../accounts/contacts.ts';
import type { DeviceCaller } from '../devices/device-policy.ts';
import type { DevicesRepo } from '../devices/devices.repo.ts';
import type { PermissionModelsService } from '../permission-models/permission-models.service.ts';
import { ownedDevices } from './owned-devices.ts';
import { sendShareInvitation, shareContact } from './share-invitation.ts';
import {
  isLive,
  type ShareParty,
  type ShareTarget,
  type ShareView,
  type SharingRepo,
} from './sharing.repo.ts';

/** A signed-in caller of the sharing calls: shares offered to its phone or e-mail are its too. */
export type SharingCaller = DeviceCaller & ShareParty & { locale: Locale };

const DAY_MS = 24 * 3_600_000;

/**
 * Device sharing (002 §4, §5, §7, §9): an owner shares devices with another account of the platform,
 * which accepts or refuses; a phone or e-mail without an account is invited to register, and the
 * share waits for whoever registers with it. Or the owner hands out a link valid 8 hours, 1, 3 or 7
 * days or until a chosen time, which any signed-in account of the platform may accept until then. A
 * share carries the owner's permission template. Shares are seen only by their two parties.
 */
export class SharingService {
  constructor(
    private readonly ctx: AppContext,
    private readonly repo: SharingRepo,
    private readonly devices: DevicesRepo,
    private readonly models: PermissionModelsService,
  ) {}

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** When a share of this validity ends; a custom end must lie ahead, within SHARE_CUSTOM_MAX_DAYS. */
  private endOf(validity: ShareValidity, custom: string | null | undefined): string {
    const now = this.ctx.clock.now().getTime();
    if (validity !== 'custom') return new Date(now + SHARE_VALIDITY_MS[validity]).toISOString();
    const end = Date.parse(custom ?? '');
    if (!Number.isFinite(end) || end <= now || end > now + SHARE_CUSTOM_MAX_DAYS * DAY_MS)
      throw new AppError(
        'shareEndInvalid',
        { days: SHARE_CUSTOM_MAX_DAYS },
        { fields: [{ field: 'expiresAt' }] },
      );
    return new Date(end).toISOString();
  }

  /**
   * Whom a share goes to: the account with this user name, phone or e-mail, or else the phone or
   * e-mail itself, to be invited. An unknown user name is refused.
   */
  private async target(caller: DeviceCaller, who: string): Promise<ShareTarget & { invite: Contact | null }> {
    const contact = shareContact(who);
    const account = await this.repo.recipient(caller.platformId, who);
    if (account) {
      if (account.id === caller.accountId) throw new AppError('recipientIsSelf');
      const contacts: Contact[] = [];
      if (account.phone) contacts.push({ channel: 'phone', target: account.phone });
      if (account.email) contacts.push({ channel: 'email', target: account.email });
      return { accountId: account.id, contacts, invite: null };
    }
    if (!contact) throw new AppError('recipientNotFound');
    return { accountId: null, contacts: [contact], invite: contact };
  }

  /** Whether a share to this phone or e-mail would invite someone to register (the rate-limited kind). */
  async invites(platformId: number, contact: Contact): Promise<boolean> {
    return (await this.repo.recipient(platformId, contact.target)) === undefined;
  }

  private async modelId(caller: DeviceCaller, id: number | null | undefined): Promise<number | null> {
    if (id == null) return null;
    return (await this.models.owned(caller, id)).id;
  }

  /**
   * Shares devices with one account, pending its answer, or with a phone or e-mail that no account
   * holds, which is invited to register. A device already shared with the recipient (pending, or
   * accepted and not ended; also waiting for one of its contacts) refuses the whole batch: "user
   * already in the sharing list".
   */
  async batchShare(
    caller: SharingCaller,
    input: DeviceShareBatch,
  ): Promise<{ shares: ShareView[]; registered: boolean; notified: boolean }> {
    const devices = await ownedDevices(this.devices, caller, input.deviceIds);
    const target = await this.target(caller, input.account);
    const permissionModelId = await this.modelId(caller, input.permissionModelId);
    const expiresAt = input.validity ? this.endOf(input.validity, input.expiresAt) : null;
    const now = this.now();
    const existing = await this.repo.existing(
      devices.map((d) => d.id),
      target,
    );
    if (existing.some((s) => isLive(s, now))) throw new AppError('userInSharingList');
    const ids = await this.repo.insertAll(
      devices.map((d) => ({
        deviceId: d.id,
        ownerAccountId: caller.accountId,
        accountId: target.accountId,
        permissionModelId,
        state: 'pending',
        expiresAt,
        linkId: null,
        createdAt: now,
        respondedAt: null,
        contactChannel: target.invite?.channel ?? null,
        contact: target.invite?.target ?? null,
        sharerName: input.sharerName ?? null,
      })),
    );
    const shares = await this.repo.byIds(ids);
    if (!target.invite) return { shares, registered: true, notified: false };
    const notified = await sendShareInvitation(this.ctx, caller.locale, target.invite, {
      owner: caller.userName,
      count: devices.length,
    });
    return { shares, registered: false, notified };
  }

  page(caller: ShareParty, q: DeviceSharePageRequest) {
    return this.repo.page(caller, q);
  }

  pending(caller: ShareParty): Promise<ShareView[]> {
    return this.repo.pendingFor(caller);
  }

  /** The recipient accepts a pending share of a device its sharer still owns. */
  async accept(caller: ShareParty, id: number): Promise<ShareView> {
    return this.answer(caller, id, 'accepted');
  }

  async refuse(caller: ShareParty, id: number): Promise<ShareView> {
    return this.answer(caller, id, 'refused');
  }

  /** A share offered to the caller: its account, or its contact before anyone answered. */
  private static offeredTo(share: ShareView, caller: ShareParty): boolean {
    if (share.ownerAccountId === caller.accountId) return false;
    return share.accountId === caller.accountId || share.accountId === null;
  }

  private async answer(caller: ShareParty, id: number, to: 'accepted' | 'refused'): Promise<ShareView> {
    const share = await this.repo.involving(caller, id);
    if (!share || !SharingService.offeredTo(share, caller)) throw new AppError('shareNotFound');
    if (share.state !== 'pending') throw new AppError('requestAnswered');
    const [device] = await this.devices.byIds([share.deviceId]);
    if (!device || device.accountId !== share.ownerAccountId) throw new AppError('shareNotFound');
    if (!(await this.repo.setState(id, ['pending'], to, this.now(), caller.accountId)))
      throw new AppError('requestAnswered');
    return this.reread(caller, id);
  }

  /** Either party ends a share: the sharer withdraws it, the recipient leaves it. */
  async cancel(caller: ShareParty, id: number): Promise<ShareView> {
    const share = await this.repo.involving(caller, id);
    if (!share) throw new AppError('shareNotFound');
    const claim = SharingService.offeredTo(share, caller) ? caller.accountId : undefined;
    if (!(await this.repo.setState(id, ['pending', 'accepted'], 'cancelled', this.now(), claim)))
      throw new AppError('requestAnswered');
    return this.reread(caller, id);
  }

  /** The sharer applies another template (or none) to a share. */
  async updateModel(
    caller: DeviceCaller & ShareParty,
    input: ShareModelUpdate,
  ): Promise<{ before: ShareView; after: ShareView }> {
    const before = await this.repo.involving(caller, input.id);
    if (!before || before.ownerAccountId !== caller.accountId) throw new AppError('shareNotFound');
    await this.repo.setModel(input.id, await this.modelId(caller, input.permissionModelId));
    return { before, after: await this.reread(caller, input.id) };
  }

  private async reread(caller: ShareParty, id: number): Promise<ShareView> {
    const share = await this.repo.involving(caller, id);
    if (!share) throw new AppError('shareNotFound');
    return share;
  }

  // ---- links

  /** A link to the devices with a template and a validity; the token is answered once, stored hashed. */
  async createLink(caller: DeviceCaller, input: ShareLinkCreate) {
    const devices = await ownedDevices(this.devices, caller, input.deviceIds);
    const permissionModelId = await this.modelId(caller, input.permissionModelId);
    const token = newToken();
    const row = await this.repo.insertLink({
      platformId: caller.platformId,
      ownerAccountId: caller.accountId,
      tokenHash: sha256(token),
      deviceIds: JSON.stringify(devices.map((d) => d.id)),
      permissionModelId,
      validity: input.validity,
      expiresAt: this.endOf(input.validity, input.expiresAt),
      revokedAt: null,
      createdAt: this.now(),
    });
    return { row, token };
  }

  private async link(token: string, platformId: number) {
    const link = await this.repo.linkByHash(sha256(token));
    if (!link || link.revokedAt !== null || link.platformId !== platformId)
      throw new AppError('shareLinkInvalid');
    return link;
  }

  /** What a link offers, for its page (readable before signing in); an ended link says so. */
  async pageInfo(token: string, platformId: number): Promise<SharePageInfo> {
    const link = await this.link(token, platformId);
    const devices = await this.repo.linkDevices(link.ownerAccountId, JSON.parse(link.deviceIds) as number[]);
    const owner = await this.repo.accountName(link.ownerAccountId);
    const model =
      link.permissionModelId === null ? undefined : await this.repo.modelName(link.permissionModelId);
    return {
      ownerName: owner?.userName ?? '',
      devices: devices.map((d) => ({ deviceName: d.deviceName, typeName: d.typeName })),
      permissionModelName: model?.name ?? null,
      validity: link.validity as ShareValidity,
      expiresAt: link.expiresAt,
      expired: link.expiresAt <= this.now(),
    };
  }

  /**
   * The signed-in caller takes the link's devices: accepted shares that end with the link. Devices
   * already shared with the caller keep their share; devices the owner no longer has are skipped.
   */
  async acceptLink(caller: DeviceCaller, token: string): Promise<ShareView[]> {
    const link = await this.link(token, caller.platformId);
    const now = this.now();
    if (link.expiresAt <= now) throw new AppError('shareLinkExpired');
    if (link.ownerAccountId === caller.accountId) throw new AppError('recipientIsSelf');
    const devices = await this.repo.linkDevices(link.ownerAccountId, JSON.parse(link.deviceIds) as number[]);
    const existing = await this.repo.existing(
      devices.map((d) => d.id),
      { accountId: caller.accountId, contacts: [] },
    );
    const held = new Set(
      existing.filter((s) => s.state === 'accepted' && isLive(s, now)).map((s) => s.deviceId),
    );
    const ids = await this.repo.insertAll(
      devices
        .filter((d) => !held.has(d.id))
        .map((d) => ({
          deviceId: d.id,
          ownerAccountId: link.ownerAccountId,
          accountId: caller.accountId,
          permissionModelId: link.permissionModelId,
          state: 'accepted',
          expiresAt: link.expiresAt,
          linkId: link.id,
          createdAt: now,
          respondedAt: now,
          contactChannel: null,
          contact: null,
          sharerName: null,
        })),
    );
    return this.repo.byIds(ids);
  }
}
