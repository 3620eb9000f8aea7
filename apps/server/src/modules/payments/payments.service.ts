import {
  type CreateAccountSmsDeposit,
  type CreateDeviceDeposit,
  type CreateDeviceListDeposit,
  type CreateSmsDeposit,
  type CreateSmsListDeposit,
  ORDER_DEVICES_MAX,
  type OrderCreated,
  type OrderStatus,
  PAY_STATUS_PAID,
  PAY_STATUS_UNPAID,
  PAY_TYPE_ALIPAY,
  PAY_TYPE_CARD,
  PAY_TYPE_WECHAT,
  type PurchaseDevice,
} from '@coldchain/shared';
import type { AuditEntry } from '../../audit/audit.service.ts';
import type { Clock } from '../../clock.ts';
import { AppError, fieldError } from '../../errors.ts';
import { type DeviceCaller, inScope, visibleDevices } from '../devices/device-policy.ts';
import type { ServicePricing } from '../service-packages/pricing.ts';
import { type OrderCreation, type OrderLine, presentOrderCreated } from './order-creation.ts';
import type { PaymentsRepo, PurchaseDeviceRow } from './payments.repo.ts';
import type { PaymentProviders, PayOrderRow, StartContext } from './providers/provider.ts';
import type { Settlement } from './settlement.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** vipInfo.state 1 when the service ends within this many days (contract: 30). */
const EXPIRING_DAYS = 30;

const normalCode = (code: string | null) => (code ?? '').replace(/^\+/, '');

/** Who creates an order, for its operation-log entry (written with the order). */
export type OrderActor = Omit<AuditEntry, 'action' | 'entityType' | 'entityId' | 'newValue'>;

/** Pricing as the purchase calls use it (E1's ServicePricing, built per call or per transaction). */
export type PricingOf = () => ServicePricing;

/**
 * The purchase calls of 001 §7.1-§7.2: orders for devices the caller may see (own, shared, of its
 * organizations), priced by the service-package pricing; pay method switches; card return and
 * wallet confirmation; the purchase drawer's device list; auto-renew cancellation.
 */
export class PaymentsService {
  constructor(
    private readonly repo: PaymentsRepo,
    private readonly pricing: PricingOf,
    private readonly creation: OrderCreation,
    private readonly providers: PaymentProviders,
    private readonly settlement: Settlement,
    private readonly clock: Clock,
  ) {}

  /** The devices named, each one the caller may see; a missing and a foreign device answer alike. */
  private async devicesFor(caller: DeviceCaller, ids: readonly number[]): Promise<PurchaseDeviceRow[]> {
    if (new Set(ids).size !== ids.length)
      throw new AppError('duplicateDevice', {}, { field: 'deviceIdList' });
    if (ids.length > ORDER_DEVICES_MAX) throw new AppError('tooManyProducts');
    const rows = await this.repo.devices(ids);
    const scope = visibleDevices(caller, 'console');
    const byId = new Map(rows.filter((row) => inScope(scope, row)).map((row) => [row.id, row]));
    return ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw new AppError('deviceNotFound', {}, { field: 'deviceId' });
      return row;
    });
  }

  private async checkBill(caller: DeviceCaller, applyFlag: number, billId: number | null | undefined) {
    if (applyFlag === 1 && !billId) throw new AppError('billRequired', {}, { field: 'billId' });
    if (billId && !(await this.repo.billOf(caller.accountId, billId)))
      throw new AppError('billNotFound', {}, { field: 'billId' });
    return billId ?? null;
  }

  private static sameKind(devices: PurchaseDeviceRow[]) {
    if (new Set(devices.map((d) => d.deviceTypeId)).size > 1)
      throw new AppError('differentDeviceTypes', {}, { field: 'deviceIdList' });
    // A device without a country code takes the order's; two different codes never mix (001 §5).
    if (new Set(devices.map((d) => normalCode(d.countryCode)).filter(Boolean)).size > 1)
      throw new AppError('countryCodeDiffers', {}, { field: 'deviceIdList' });
  }

  private static lines(devices: PurchaseDeviceRow[], unitFee: number): OrderLine[] {
    return devices.map((d) => ({
      deviceId: d.id,
      deviceName: d.deviceName,
      deviceGuid: d.deviceGuid,
      unitFee,
    }));
  }

  /** Service orders: one device, or several of one type and country code (001 §5). */
  async createServiceOrder(
    caller: DeviceCaller,
    input: CreateDeviceListDeposit & { simIccid?: string | null | undefined },
    start: StartContext,
    request: CreateDeviceDeposit | CreateDeviceListDeposit,
    audit?: OrderActor,
  ): Promise<OrderCreated> {
    const billId = await this.checkBill(caller, input.applyFlag, input.billId);
    const devices = await this.devicesFor(caller, input.deviceIdList);
    PaymentsService.sameKind(devices);
    const first = devices[0];
    if (!first) throw fieldError('deviceIdList', 'required');
    const quote = await this.pricing().quoteService({
      deviceId: first.id,
      levelId: input.levelId,
      levelYearId: input.levelYearId,
      servicePackageId: input.servicePackageId,
    });
    const totalFee = quote.unitFee * devices.length;
    if (input.totalFee !== totalFee)
      throw new AppError('priceChanged', {}, { field: 'totalFee', totalFee, unitFee: quote.unitFee });
    return this.creation.create(
      {
        platformId: caller.platformId,
        accountId: caller.accountId,
        kind: 'service',
        payType: input.payType,
        currency: quote.currency,
        orderFee: quote.originalFee * devices.length,
        payFee: totalFee,
        description: `${quote.levelName} ${quote.months}M${quote.presentationMonth ? `+${quote.presentationMonth}M` : ''} x${devices.length}`,
        lines: PaymentsService.lines(devices, quote.unitFee),
        service: {
          levelId: quote.levelId,
          levelName: quote.levelName,
          levelYearId: quote.levelYearId,
          servicePackageId: quote.servicePackageId,
          months: quote.months,
          presentationMonth: quote.presentationMonth,
          dataOnly: quote.dataOnly,
          activityId: quote.activityId,
        },
        simIccid: input.simIccid ?? null,
        applyFlag: input.applyFlag,
        billId,
        request,
        ...(audit ? { audit } : {}),
      },
      start,
    );
  }

  /** SMS/voice orders for devices of one country code (001 §2.4, §5). */
  async createCountsOrder(
    caller: DeviceCaller,
    input: CreateSmsListDeposit,
    start: StartContext,
    request: CreateSmsDeposit | CreateSmsListDeposit | CreateAccountSmsDeposit,
    audit?: OrderActor,
  ): Promise<OrderCreated> {
    if (input.smsCount === 0 && input.voiceCount === 0 && !input.smsPackageId && !input.voicePackageId)
      throw new AppError('countsBothZero', {}, { field: 'smsCount' });
    const billId = await this.checkBill(caller, input.applyFlag, input.billId);
    const devices = await this.devicesFor(caller, input.deviceIdList);
    if (devices.some((d) => d.countryCode && normalCode(d.countryCode) !== input.countryCode))
      throw new AppError('countryCodeDiffers', {}, { field: 'countryCode' });
    const quote = await this.pricing().quoteCounts({
      countryCode: input.countryCode,
      smsPackageId: input.smsPackageId ?? null,
      voicePackageId: input.voicePackageId ?? null,
      platformId: caller.platformId,
    });
    const totalFee = quote.totalFee * devices.length;
    const shown = input.totalFee ?? (input.smsFee + input.voiceFee) * devices.length;
    if (shown !== totalFee)
      throw new AppError('priceChanged', {}, { field: 'totalFee', totalFee, unitFee: quote.totalFee });
    return this.creation.create(
      {
        platformId: caller.platformId,
        accountId: caller.accountId,
        kind: 'sms',
        payType: input.payType,
        currency: quote.currency,
        orderFee: totalFee,
        payFee: totalFee,
        description: `SMS ${quote.smsCount} / Voice ${quote.voiceCount} x${devices.length}`,
        lines: PaymentsService.lines(devices, quote.totalFee),
        counts: {
          smsPackageId: quote.smsPackageId,
          voicePackageId: quote.voicePackageId,
          smsCount: quote.smsCount,
          voiceCount: quote.voiceCount,
          smsFee: quote.smsFee,
          voiceFee: quote.voiceFee,
          countryCode: input.countryCode,
        },
        applyFlag: input.applyFlag,
        billId,
        request,
        ...(audit ? { audit } : {}),
      },
      start,
    );
  }

  /** createAccountSmsDeposit: the same counts for every device of the caller's own in the country code. */
  async createAccountCountsOrder(
    caller: DeviceCaller,
    input: CreateAccountSmsDeposit,
    start: StartContext,
    audit?: OrderActor,
  ): Promise<OrderCreated> {
    const ids = await this.repo.ownDeviceIds(
      caller.accountId,
      caller.platformId,
      input.countryCode,
      ORDER_DEVICES_MAX + 1,
    );
    if (ids.length === 0) throw new AppError('deviceNotFound', {}, { field: 'countryCode' });
    return this.createCountsOrder(caller, { ...input, deviceIdList: ids }, start, input, audit);
  }

  /** The batch price per device (001 §7.1 "compute batch price"). */
  async depositList(
    caller: DeviceCaller,
    input: { deviceIdList: number[]; levelId: number; levelYearId: number; servicePackageId: number },
  ) {
    const devices = await this.devicesFor(caller, input.deviceIdList);
    const pricing = this.pricing();
    const byType = new Map<number, number>();
    const rows: { deviceId: number; deviceName: string; totalFee: number }[] = [];
    for (const device of devices) {
      let fee = byType.get(device.deviceTypeId);
      if (fee === undefined) {
        fee = (await pricing.quoteService({ ...input, deviceId: device.id })).unitFee;
        byType.set(device.deviceTypeId, fee);
      }
      rows.push({ deviceId: device.id, deviceName: device.deviceName, totalFee: fee });
    }
    return rows;
  }

  /** The purchase drawer's devices with their service, counts and auto-renew state. */
  async deviceList(caller: DeviceCaller, ids: number[]): Promise<PurchaseDevice[]> {
    const devices = await this.devicesFor(caller, ids);
    const [levels, agreements] = await Promise.all([
      this.repo.levelNames(devices.map((d) => d.serverLevel)),
      this.repo.agreements(ids),
    ]);
    const agreementOf = new Map(agreements.map((a) => [a.deviceId, a]));
    const now = this.clock.now().getTime();
    return devices.map((d) => {
      const ends = Date.parse(d.serviceExpiredDate);
      const agreement = agreementOf.get(d.id);
      const active = agreement?.agreementStatus === 1;
      return {
        deviceId: d.id,
        deviceName: d.deviceName,
        deviceTypeName: d.typeName,
        deviceTypeId: d.deviceTypeId,
        deviceGuid: d.deviceGuid,
        levelId: levels.has(d.serverLevel) ? d.serverLevel : null,
        levelName: levels.get(d.serverLevel) ?? null,
        serviceExpiredDate: d.serviceExpiredDate,
        dataExpiredDate: d.dataExpiredDate,
        smsCount: d.smsCount,
        voiceCount: d.voiceCount,
        countryCode: d.countryCode,
        simIccid: d.iccId,
        agreementStatus: active ? 1 : 0,
        nodeType: d.nodeType,
        vipInfo: { state: ends < now ? 2 : ends < now + EXPIRING_DAYS * DAY_MS ? 1 : 0 },
        nextExecutionTime: active ? (agreement?.nextExecutionTime ?? null) : null,
      };
    });
  }

  async unAgreement(caller: DeviceCaller, deviceId: number): Promise<void> {
    await this.devicesFor(caller, [deviceId]);
    await this.repo.cancelAgreement(deviceId, this.clock.now().toISOString());
  }

  private async ownOrder(caller: DeviceCaller, orderId: number): Promise<PayOrderRow> {
    const order = await this.repo.ownOrder(caller.accountId, orderId);
    if (!order) throw new AppError('orderNotFound', {}, { field: 'orderId' });
    return order;
  }

  async status(caller: DeviceCaller, orderId: number): Promise<OrderStatus> {
    const order = await this.ownOrder(caller, orderId);
    return {
      orderId: String(order.id),
      orderCode: order.orderCode,
      payStatus: order.payStatus,
      applyFlag: order.applyFlag,
      payFee: order.payFee,
      currency: order.currency,
      kind: order.kind,
    };
  }

  /** An unpaid order of the caller's moved to another pay type (and the provider that takes it). */
  private async switchTo(caller: DeviceCaller, orderId: number, payType: number): Promise<PayOrderRow> {
    const order = await this.ownOrder(caller, orderId);
    if (order.payStatus !== PAY_STATUS_UNPAID) throw new AppError('orderNotPayable');
    if (order.payType === payType) return order;
    const provider = await this.providers.forNewOrder(order.platformId, payType);
    const moved = await this.repo.switchPayment(
      order.id,
      payType,
      provider.name,
      this.clock.now().toISOString(),
    );
    if (!moved) throw new AppError('orderNotPayable');
    return moved;
  }

  /** wechatPay, aliPay, aliAppPay: the QR code of an unpaid order for another method. */
  async payQr(caller: DeviceCaller, orderId: number, method: 'wechat' | 'alipay', start: StartContext) {
    const order = await this.switchTo(
      caller,
      orderId,
      method === 'wechat' ? PAY_TYPE_WECHAT : PAY_TYPE_ALIPAY,
    );
    const payment = await (await this.providers.forOrder(order)).start(order, start);
    return { payQrCode: payment.payQrCode };
  }

  /** internationalPay: the card provider's approve URL. */
  async internationalPay(caller: DeviceCaller, orderId: number, start: StartContext) {
    const order = await this.switchTo(caller, orderId, PAY_TYPE_CARD);
    const payment = await (await this.providers.forOrder(order)).start(order, start);
    if (!payment.approveUrl) throw new AppError('payTypeUnavailable', {}, { field: 'payType' });
    if (payment.providerOrderId)
      await this.repo.setPaymentPlatformId(order.id, payment.providerOrderId, this.clock.now().toISOString());
    return { approveUrl: payment.approveUrl };
  }

  /** Captures an approved payment and settles it; the order's state afterwards. */
  private async captureAndSettle(
    order: PayOrderRow,
    token: string,
    extra: { paymentPlatformId?: string; payFee?: number },
  ) {
    if (order.payStatus === PAY_STATUS_PAID) return { payStatus: order.payStatus };
    if (order.payStatus !== PAY_STATUS_UNPAID) throw new AppError('orderNotPayable');
    const provider = await this.providers.forOrder(order);
    if (!provider.capture) throw new AppError('payTypeUnavailable', {}, { field: 'payType' });
    const captured = await provider.capture({ order, token, ...extra });
    if (!captured.paid || !captured.transactionId) throw new AppError('paymentDeclined');
    const { outcome } = await this.settlement.settle(
      provider.name,
      {
        orderCode: order.orderCode,
        transactionId: captured.transactionId,
        amount: captured.amount ?? -1,
        currency: order.currency,
        paid: true,
        body: JSON.stringify({ capture: captured }),
      },
      'capture',
    );
    if (outcome === 'rejected') throw new AppError('paymentDeclined');
    const after = await this.repo.order(order.id);
    return { payStatus: after?.payStatus ?? order.payStatus };
  }

  /** successPaypal (public): the payer came back from the card provider with the order's token. */
  async successPaypal(orderId: number, token: string) {
    const order = await this.repo.order(orderId);
    if (!order || (order.payToken !== token && order.paymentPlatformId !== token))
      throw new AppError('paymentLinkInvalid');
    return this.captureAndSettle(order, token, {});
  }

  /** confirmPay: a wallet payment (types 30, 40) of the caller's order, amount checked to the cent. */
  async confirmPay(
    caller: DeviceCaller,
    input: { orderId: number; payType: number; paymentPlatformId: string; payFee: number },
  ) {
    const current = await this.ownOrder(caller, input.orderId);
    if (current.payStatus === PAY_STATUS_PAID) return { payStatus: current.payStatus };
    if (input.payFee !== current.payFee) throw new AppError('payAmountMismatch', {}, { field: 'payFee' });
    const order = await this.switchTo(caller, input.orderId, input.payType);
    await this.repo.setPaymentPlatformId(order.id, input.paymentPlatformId, this.clock.now().toISOString());
    return this.captureAndSettle(order, input.paymentPlatformId, {
      paymentPlatformId: input.paymentPlatformId,
      payFee: input.payFee,
    });
  }

  /** The created-order answer for an existing order (premium and other kinds reuse it). */
  static present(order: PayOrderRow, payQrCode: string): OrderCreated {
    return presentOrderCreated(order, payQrCode);
  }
}
