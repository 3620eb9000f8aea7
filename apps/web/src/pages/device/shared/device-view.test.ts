import { describe, expect, it } from 'vitest';
import {
  channelView,
  checkBatch,
  devicePageRequest,
  formatValue,
  intervalParts,
  shownReadings,
} from './device-view.ts';
import { intervalProblems, type ProbeSetting, probeProblems, settingsUpdate } from './param-rules.ts';
import { statusColor } from './status-color.ts';

describe('device list rules', () => {
  it('asks for a selection and for one device type before a batch operation (002 §5)', () => {
    expect(checkBatch([])).toBe('none');
    expect(checkBatch([{ deviceTypeId: 3 }, { deviceTypeId: 3 }])).toBe('ok');
    expect(checkBatch([{ deviceTypeId: 3 }, { deviceTypeId: 4 }])).toBe('sameType');
  });

  it('sends only the filters the page call takes', () => {
    expect(
      devicePageRequest({
        start: 2,
        pageSize: 20,
        sortField: 'deviceName',
        sortOrder: 'ascend',
        deviceName: '  Cold room ',
        deviceGuid: '',
        status: 'online',
        useState: 'bogus',
        deviceTypeId: 7,
        scene: 2,
        other: 'x',
      }),
    ).toEqual({
      start: 2,
      pageSize: 20,
      sortField: 'deviceName',
      sortOrder: 'ascend',
      deviceName: 'Cold room',
      status: 'online',
      deviceTypeId: 7,
      scene: 2,
    });
    expect(devicePageRequest({ start: 1, pageSize: 10, scene: 9, status: 'gone' })).toEqual({
      start: 1,
      pageSize: 10,
    });
  });

  it('greys out devices not in use whatever they reported', () => {
    expect(statusColor('alarm', 'enabled')).toBe('#f5222d');
    expect(statusColor('alarm', 'stopped')).toBe('#bfbfbf');
  });
});

describe('readings as shown', () => {
  it('names channels by kind and probe, temperature in the account unit', () => {
    expect(channelView(101, false)).toEqual({ channel: 101, kind: 'temperature', probe: 1, unit: '°C' });
    expect(channelView(102, true)).toMatchObject({ kind: 'temperature', probe: 2, unit: '°F' });
    expect(channelView(201, true)).toMatchObject({ kind: 'humidity', unit: '%RH' });
    expect(channelView(9999, false)).toMatchObject({ kind: null, unit: '' });
  });

  it('lists probe readings in channel order, without battery, signal and position', () => {
    const latest = new Map([
      [400, { ts: 1, value: 90 }],
      [201, { ts: 1, value: 60 }],
      [101, { ts: 2, value: 4.2 }],
      [600, { ts: 1, value: 31 }],
    ]);
    expect(shownReadings(latest, false).map((r) => [r.channel, r.unit, r.value])).toEqual([
      [101, '°C', 4.2],
      [201, '%RH', 60],
    ]);
    expect(shownReadings(latest, false, new Map([[101, '°F']]))[0]?.unit).toBe('°F');
  });

  it('formats values and intervals', () => {
    expect(formatValue(4.256, 'en-US')).toBe('4.26');
    expect(formatValue(-18, 'de-DE')).toBe('-18');
    expect(formatValue(1234.5, 'de-DE')).toBe('1.234,5');
    expect(intervalParts(300)).toEqual({ value: 5, unit: 'minute' });
    expect(intervalParts(7200)).toEqual({ value: 2, unit: 'hour' });
    expect(intervalParts(45)).toEqual({ value: 45, unit: 'second' });
  });
});

describe('parameter settings (002 §5)', () => {
  const probe: ProbeSetting = {
    probeId: 1,
    probeName: null,
    paramId: 5,
    paramName: 'Temperature 1',
    unitCode: 'C',
    precision: 1,
    min: -40,
    max: 85,
    upperLimit: 8,
    lowerLimit: 2,
    correctionValue: 0,
    combineGroup: null,
  };

  it('needs both limits, within the settable range, lower below upper', () => {
    expect(probeProblems(probe, { probeId: 1, lowerLimit: 2, upperLimit: 8 })).toEqual([]);
    expect(probeProblems(probe, { probeId: 1, lowerLimit: null, upperLimit: 8 })).toEqual([
      { field: 'lowerLimit', rule: 'required' },
    ]);
    expect(probeProblems(probe, { probeId: 1, lowerLimit: -41, upperLimit: 86 })).toEqual([
      { field: 'lowerLimit', rule: 'belowMin', min: -40 },
      { field: 'upperLimit', rule: 'aboveMax', max: 85 },
    ]);
    expect(probeProblems(probe, { probeId: 1, lowerLimit: 8, upperLimit: 8 })).toEqual([
      { field: 'lowerLimit', rule: 'lowerBelowUpper' },
    ]);
    expect(
      probeProblems({ ...probe, min: null, max: null }, { probeId: 1, lowerLimit: -500, upperLimit: 500 }),
    ).toEqual([]);
  });

  it('keeps corrections within ±100', () => {
    expect(
      probeProblems(probe, { probeId: 1, lowerLimit: 2, upperLimit: 8, correctionValue: -100.5 }),
    ).toEqual([{ field: 'correctionValue', rule: 'correctionRange', max: 100 }]);
  });

  it('checks intervals: 10 s to 24 h, upload not shorter than record', () => {
    expect(intervalProblems(60, 300)).toEqual([]);
    expect(intervalProblems(5, undefined)).toEqual([
      { field: 'recordInterval', rule: 'intervalRange', min: 10, max: 86_400 },
      { field: 'uploadInterval', rule: 'required' },
    ]);
    expect(intervalProblems(600, 300)).toEqual([{ field: 'uploadInterval', rule: 'uploadNotShorter' }]);
  });

  it('builds the update body with trimmed names and corrections only when given', () => {
    expect(
      settingsUpdate(3, {
        timeZone: 'UTC',
        recordInterval: 60,
        uploadInterval: 300,
        probes: [
          { probeId: 1, probeName: '  Door ', lowerLimit: 2, upperLimit: 8, correctionValue: 0.5 },
          { probeId: 2, probeName: ' ', lowerLimit: -20, upperLimit: -10, correctionValue: null },
        ],
      }),
    ).toEqual({
      id: 3,
      timeZone: 'UTC',
      recordInterval: 60,
      uploadInterval: 300,
      probes: [
        { probeId: 1, probeName: 'Door', lowerLimit: 2, upperLimit: 8, correctionValue: 0.5 },
        { probeId: 2, probeName: null, lowerLimit: -20, upperLimit: -10 },
      ],
    });
  });
});
