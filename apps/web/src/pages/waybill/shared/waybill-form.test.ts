import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { EMPTY_WAYBILL, formValuesOf, insertOf, templateContentOf } from './waybill-form.ts';

const start = Date.UTC(2026, 10, 21, 8, 0);
const end = Date.UTC(2026, 10, 22, 8, 0);

describe('waybill form values', () => {
  const filled = {
    ...EMPTY_WAYBILL,
    orderNum: ' WB-1 ',
    goodsName: '',
    expressNumber: 'SF1, SF2，SF1',
    deviceId: 7,
    upperLimit: 8,
    lowerLimit: 2,
    startTrigger: 'timed' as const,
    startTime: dayjs(start),
    endTime: dayjs(end),
    startFenceId: 3,
    airFlag: false,
    airStartTime: dayjs(start),
    contacts: [
      { name: 'Li', phone: '13800000000', email: '' },
      { name: '', phone: '', email: '' },
    ],
    receiveAlarm: true,
  };

  it('sends trimmed texts, ms instants and 0/1 flags, and leaves out what does not apply', () => {
    const body = insertOf(filled);
    expect(body).toMatchObject({
      orderNum: 'WB-1',
      expressNumber: 'SF1,SF2',
      deviceId: 7,
      upperLimit: 8,
      lowerLimit: 2,
      startTrigger: 'timed',
      startTime: start,
      endTime: end,
      airFlag: 0,
      devicePower: 0,
      receiveAlarm: 1,
      contacts: [{ name: 'Li', phone: '13800000000' }],
    });
    expect(body).not.toHaveProperty('goodsName');
    // A fence without a geofence start, and air times without air mode, are not sent.
    expect(body).not.toHaveProperty('startFenceId');
    expect(body).not.toHaveProperty('airStartTime');
  });

  it('leaves the shipment-specific fields out of a template', () => {
    const content = templateContentOf(filled);
    expect(content).not.toHaveProperty('orderNum');
    expect(content).not.toHaveProperty('expressNumber');
    expect(content).not.toHaveProperty('startTime');
    expect(content).toMatchObject({ deviceId: 7, upperLimit: 8, lowerLimit: 2, receiveAlarm: 1 });
  });

  it('opens a saved waybill or template in the form and gets the same body back', () => {
    const body = insertOf(filled);
    const again = insertOf(formValuesOf(body as Record<string, unknown>));
    expect(again).toEqual(body);
  });

  it('ignores what an old template holds that the form does not know', () => {
    const values = formValuesOf({ upperLimit: 'x', startTrigger: 'never', contacts: [null, { name: 'A' }] });
    expect(values.upperLimit).toBeUndefined();
    expect(values.startTrigger).toBe('manual');
    expect(values.contacts).toEqual([{ name: 'A', phone: '', email: '' }]);
  });
});
