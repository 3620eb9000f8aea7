import type { DeviceTransferBatch, DeviceTransferPageRequest } from '@coldchain/shared';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { DeviceDirectory } from '../devices/device-directory.ts';
import type { DeviceCaller } from '../devices/device-policy.ts';
import type { DevicesRepo } from '../devices/devices.repo.ts';
import { ownedDevices } from '../sharing/owned-devices.ts';
import type { SharingRepo } from '../sharing/sharing.repo.ts';
import type { TransferRepo, TransferView } from './transfer.repo.ts';

/**
 * Device transfer with consent (002 §4): the owner offers devices to another account of the
 * platform; when it accepts, ownership moves (device.account_id) and the history stays with the
 * device. Transfers are seen only by their two parties.
 */
export class TransferService {
  private readonly directory: DeviceDirectory;

  constructor(
    private readonly ctx: AppContext,
    private readonly repo: TransferRepo,
    private readonly devices: DevicesRepo,
    private readonly accounts: SharingRepo,
  ) {
    this.directory = DeviceDirectory.for(ctx.db, ctx.clock);
  }

  private now(): string {
    return this.ctx.clock.now().toISOString();
  }

  /** Offers devices to one account; a device with a transfer still waiting refuses the batch. */
  async batchTransfer(caller: DeviceCaller, input: DeviceTransferBatch): Promise<TransferView[]> {
    const devices = await ownedDevices(this.devices, caller, input.deviceIds);
    const account = await this.accounts.recipient(caller.platformId, input.account);
    if (!account) throw new AppError('recipientNotFound');
    if (account.id === caller.accountId) throw new AppError('recipientIsSelf');
    if ((await this.repo.pendingOf(devices.map((d) => d.id))).length > 0)
      throw new AppError('transferPending');
    const now = this.now();
    const ids = await this.repo.insertAll(
      devices.map((d) => ({
        deviceId: d.id,
        fromAccountId: caller.accountId,
        toAccountId: account.id,
        state: 'pending',
        createdAt: now,
        respondedAt: null,
      })),
    );
    return this.repo.byIds(ids);
  }

  page(caller: DeviceCaller, q: DeviceTransferPageRequest) {
    return this.repo.page(caller.accountId, q);
  }

  pending(caller: DeviceCaller): Promise<TransferView[]> {
    return this.repo.pendingFor(caller.accountId);
  }

  private async offeredTo(caller: DeviceCaller, id: number): Promise<TransferView> {
    const transfer = await this.repo.involving(caller.accountId, id);
    if (!transfer || transfer.toAccountId !== caller.accountId) throw new AppError('transferNotFound');
    if (transfer.state !== 'pending') throw new AppError('requestAnswered');
    return transfer;
  }

  /** The recipient accepts: the device becomes its own. */
  async accept(caller: DeviceCaller, id: number): Promise<TransferView> {
    const transfer = await this.offeredTo(caller, id);
    if (!(await this.repo.complete(transfer, this.now(), this.ctx.audit, caller.sourceIp)))
      throw new AppError('requestAnswered');
    // Ingest caches each device's owner; the next reading must reach the new one.
    this.directory.invalidate(transfer.deviceGuid);
    return this.reread(caller, id);
  }

  async refuse(caller: DeviceCaller, id: number): Promise<TransferView> {
    await this.offeredTo(caller, id);
    if (!(await this.repo.setState(id, ['pending'], 'refused', this.now())))
      throw new AppError('requestAnswered');
    return this.reread(caller, id);
  }

  /** The sender withdraws a transfer still waiting. */
  async cancel(caller: DeviceCaller, id: number): Promise<TransferView> {
    const transfer = await this.repo.involving(caller.accountId, id);
    if (!transfer || transfer.fromAccountId !== caller.accountId) throw new AppError('transferNotFound');
    if (!(await this.repo.setState(id, ['pending'], 'cancelled', this.now())))
      throw new AppError('requestAnswered');
    return this.reread(caller, id);
  }

  private async reread(caller: DeviceCaller, id: number): Promise<TransferView> {
    const transfer = await this.repo.involving(caller.accountId, id);
    if (!transfer) throw new AppError('transferNotFound');
    return transfer;
  }
}
