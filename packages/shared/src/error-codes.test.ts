import { describe, expect, it } from 'vitest';
import { ALARM_ERRORS } from './error-codes/alarm.ts';
import { DEVICE_SERVICE_ERRORS } from './error-codes/device-service.ts';
import { FIRMWARE_ERRORS } from './error-codes/firmware.ts';
import { ORDER_ERRORS } from './error-codes/orders.ts';
import { ORG_ERRORS } from './error-codes/org.ts';
import { PAYMENT_ERRORS } from './error-codes/payments.ts';
import { PEOPLE_ERRORS } from './error-codes/people.ts';
import { PLATFORM_SYSTEM_ERRORS } from './error-codes/platform-system.ts';
import { SERVICE_PACKAGE_ERRORS } from './error-codes/service-packages.ts';
import { SIMS_GUIDS_ERRORS } from './error-codes/sims-guids.ts';
import { WAYBILL_ERRORS } from './error-codes/waybill.ts';
import { CORE_ERRORS, ERRORS } from './error-codes.ts';

const AREAS: Record<string, Record<string, { code: number }>> = {
  core: CORE_ERRORS,
  alarm: ALARM_ERRORS,
  orders: ORDER_ERRORS,
  payments: PAYMENT_ERRORS,
  org: ORG_ERRORS,
  people: PEOPLE_ERRORS,
  platformSystem: PLATFORM_SYSTEM_ERRORS,
  simsGuids: SIMS_GUIDS_ERRORS,
  waybill: WAYBILL_ERRORS,
  servicePackages: SERVICE_PACKAGE_ERRORS,
  deviceService: DEVICE_SERVICE_ERRORS,
  firmware: FIRMWARE_ERRORS,
};

describe('error catalogue', () => {
  it('no area redefines another area’s key', () => {
    const total = Object.values(AREAS).reduce((n, area) => n + Object.keys(area).length, 0);
    expect(Object.keys(ERRORS)).toHaveLength(total);
  });

  it('no two areas share a code', () => {
    const owner = new Map<number, string>();
    for (const [area, entries] of Object.entries(AREAS)) {
      for (const [key, { code }] of Object.entries(entries)) {
        const first = owner.get(code);
        expect(
          first === undefined || first.startsWith(`${area}.`),
          `${area}.${key} reuses ${code} of ${first}`,
        ).toBe(true);
        if (first === undefined) owner.set(code, `${area}.${key}`);
      }
    }
  });
});
