import {
  DEVICE_TRIAL_MONTHS,
  type DeviceServiceInfo,
  PREMIUM_BENEFITS,
  type PremiumBenefitItem,
  type PremiumPlan,
  type PremiumStatus,
  type TrialClaimPageRequest,
} from '@coldchain/shared';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/create-db.ts';
import { AppError } from '../../errors.ts';
import { DeviceDirectory } from '../devices/device-directory.ts';
import { authorize, type DeviceCaller } from '../devices/device-policy.ts';
import { creditDeviceService, isLifelong } from './credit.ts';
import type { DeviceServiceRepo } from './device-service.repo.ts';
import { servicePhase } from './service-lapse.ts';
import { premiumStatusOf, vipStateOf } from './service-status.ts';

/** The console page of each premium benefit (000 §2 vip.details.*), where there is one. */
const BENEFIT_ROUTES: Record<(typeof PREMIUM_BENEFITS)[number], string | null> = {
  backups: '/vipDetails/backups',
  assets: '/vipDetails/assets',
  largeScreen: '/vipDetails/largeScreen',
  expiryReminder: null,
  support: null,
};

/**
 * The device service lifecycle as users see it (the service info of the purchase drawer, the one
 * trial per device, the back office's list of trials) and premium membership.
 */
export class DeviceServiceService {
  constructor(
    private readonly db: Db,
    private readonly repo: DeviceServiceRepo,
    private readonly clock: Clock,
  ) {}

  private async visible(caller: DeviceCaller, deviceId: number, action: 'query' | 'edit') {
    const device = await this.repo.device(deviceId);
    authorize(caller, device, action);
    if (!device) throw new AppError('deviceNotFound');
    return device;
  }

  async info(caller: DeviceCaller, deviceId: number): Promise<DeviceServiceInfo> {
    const device = await this.visible(caller, deviceId, 'query');
    const now = this.clock.now();
    const claimed = await this.repo.trialClaimed(device.id);
    const lifelong = isLifelong(device.serviceExpiredDate);
    return {
      deviceId: device.id,
      deviceName: device.deviceName,
      deviceGuid: device.deviceGuid,
      levelId: device.serverLevel,
      serviceExpiredDate: device.serviceExpiredDate,
      dataExpiredDate: device.dataExpiredDate,
      phase: servicePhase(device, now),
      lifelong: lifelong ? 1 : 0,
      smsCount: device.smsCount,
      voiceCount: device.voiceCount,
      vipState: vipStateOf(device.serviceExpiredDate, now),
      trialClaimed: claimed ? 1 : 0,
      trialAvailable: !claimed && !lifelong && device.useState !== 'scrapped' ? 1 : 0,
      trialMonths: DEVICE_TRIAL_MONTHS,
    };
  }

  /**
   * Gives a device its trial months once: recorded and credited in one transaction, the unique key
   * on the device deciding between concurrent claims. Extends like a purchase (from the later of now
   * and the current expiry) and keeps the device's level.
   */
  async claimTrial(caller: DeviceCaller, deviceId: number) {
    const device = await this.visible(caller, deviceId, 'edit');
    if (device.useState === 'scrapped') throw new AppError('deviceScrapped');
    if (isLifelong(device.serviceExpiredDate)) throw new AppError('trialNotNeeded');
    const now = this.clock.now();
    const after = await this.db.transaction().execute(async (trx) => {
      const recorded = await this.repo.insertTrialClaim(trx, {
        platformId: device.platformId,
        deviceId: device.id,
        deviceGuid: device.deviceGuid,
        ownerAccountId: device.accountId,
        claimedBy: caller.accountId,
        months: DEVICE_TRIAL_MONTHS,
        serviceBefore: device.serviceExpiredDate,
        serviceAfter: device.serviceExpiredDate,
        createdAt: now.toISOString(),
      });
      if (!recorded) throw new AppError('trialAlreadyClaimed');
      await creditDeviceService(
        trx,
        {
          deviceId: device.id,
          months: DEVICE_TRIAL_MONTHS,
          bonusMonths: 0,
          levelId: device.serverLevel,
          dataOnly: false,
        },
        now,
      );
      const credited = await trx
        .selectFrom('device')
        .select(['serviceExpiredDate', 'dataExpiredDate'])
        .where('id', '=', device.id)
        .executeTakeFirstOrThrow();
      await trx
        .updateTable('deviceTrialClaim')
        .set({ serviceAfter: credited.serviceExpiredDate })
        .where('deviceId', '=', device.id)
        .execute();
      return credited;
    });
    DeviceDirectory.for(this.db).invalidate(device.deviceGuid);
    return { device, before: device.serviceExpiredDate, after: after.serviceExpiredDate };
  }

  /** The back office's experience data: trial claims of its platform (every platform for the default one). */
  trialClaims(caller: DeviceCaller, q: TrialClaimPageRequest) {
    return this.repo.trialClaims(caller.platformIsDefault ? null : caller.platformId, q);
  }

  async plans(platformId: number): Promise<PremiumPlan[]> {
    return (await this.repo.plans(platformId)).map((p) => ({
      planId: p.id,
      planName: p.planName,
      months: p.months,
      fee: p.fee,
      originalFee: p.originalFee,
      currency: p.currency,
      recommend: p.recommend === 1 ? 1 : 0,
    }));
  }

  async plan(platformId: number, planId: number) {
    const plan = await this.repo.plan(planId, platformId);
    if (!plan) throw new AppError('premiumPlanNotFound');
    return plan;
  }

  async premiumStatus(accountId: number): Promise<PremiumStatus> {
    return premiumStatusOf(await this.repo.premiumExpiresAt(accountId), this.clock.now());
  }

  benefits(): PremiumBenefitItem[] {
    return PREMIUM_BENEFITS.map((code) => ({ code, route: BENEFIT_ROUTES[code] }));
  }
}
