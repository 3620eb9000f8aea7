import type { MaintainInsert, MaintainListQuery, MaintainUpdate } from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import type { DeviceCaller } from './device-policy.ts';
import type { DevicesService } from './devices.service.ts';
import type { MaintainRow, MaintenanceRepo } from './maintenance.repo.ts';

const iso = (value: string) => new Date(value).toISOString();

/**
 * Maintenance records of a device (002 §3): who maintained it, when, why, how and with what result.
 * Access follows the device: reading needs its "get" permission, changes its "edit" permission.
 */
export class MaintenanceService {
  constructor(
    private readonly repo: MaintenanceRepo,
    private readonly devices: DevicesService,
    private readonly clock: Clock,
  ) {}

  async page(caller: DeviceCaller, q: MaintainListQuery) {
    await this.devices.load(caller, q.deviceId, 'get');
    return this.repo.page(q);
  }

  async insert(caller: DeviceCaller, input: MaintainInsert): Promise<MaintainRow> {
    const device = await this.devices.load(caller, input.deviceId, 'edit');
    if (device.useState === 'scrapped') throw new AppError('deviceScrapped');
    const now = this.clock.now().toISOString();
    return this.repo.insert({
      deviceId: input.deviceId,
      reportDate: iso(input.reportDate),
      startTime: iso(input.startTime),
      endTime: iso(input.endTime),
      maintainer: input.maintainer,
      approver: input.approver ?? null,
      reason: input.reason ?? null,
      content: input.content ?? null,
      standard: input.standard ?? null,
      result: input.result ?? null,
      creatorId: caller.accountId,
      createdAt: now,
      updatedAt: now,
    });
  }

  async update(caller: DeviceCaller, input: MaintainUpdate) {
    const before = await this.record(caller, input.id, 'edit');
    const { id, ...changes } = input;
    const startTime = changes.startTime ? iso(changes.startTime) : before.startTime;
    const endTime = changes.endTime ? iso(changes.endTime) : before.endTime;
    if (endTime <= startTime) throw fieldError('endTime', 'rules.endAfterStart');
    const after = await this.repo.update(id, {
      ...changes,
      ...(changes.reportDate ? { reportDate: iso(changes.reportDate) } : {}),
      startTime,
      endTime,
      updatedAt: this.clock.now().toISOString(),
    });
    if (!after) throw new AppError('notFound', { entity: 'entities.maintainRecord' });
    return { before, after };
  }

  async delete(caller: DeviceCaller, id: number): Promise<MaintainRow> {
    const row = await this.record(caller, id, 'edit');
    await this.repo.delete(id);
    return row;
  }

  /** A record of a device the caller may act on; others' records answer "not found". */
  private async record(caller: DeviceCaller, id: number, action: 'edit') {
    const row = await this.repo.byId(id);
    if (!row) throw new AppError('notFound', { entity: 'entities.maintainRecord' });
    try {
      const device = await this.devices.load(caller, row.deviceId, action);
      if (device.useState === 'scrapped') throw new AppError('deviceScrapped');
    } catch (error) {
      if (error instanceof AppError && error.key === 'deviceNotFound')
        throw new AppError('notFound', { entity: 'entities.maintainRecord' });
      throw error;
    }
    return row;
  }
}
