import { templateBodyIssue } from '@coldchain/shared';
import { describe, expect, it } from 'vitest';
import { insertPlaceholder } from './template-text.ts';

describe('inserting template text (002 §5)', () => {
  it('puts the placeholder at the caret', () => {
    expect(insertPlaceholder('Device  is too warm', 'deviceName', 7, 7)).toEqual({
      text: 'Device {deviceName} is too warm',
      caret: 19,
    });
  });

  it('replaces the selection', () => {
    expect(insertPlaceholder('Value: X °C', 'value', 7, 8).text).toBe('Value: {value} °C');
  });

  it('appends when the body was never focused, and keeps a stale caret inside the text', () => {
    expect(insertPlaceholder('At ', 'startTime').text).toBe('At {startTime}');
    expect(insertPlaceholder('ab', 'limit', 10, 12).text).toBe('ab{limit}');
  });

  it('gives a body the shared rule accepts, which plain text is not', () => {
    expect(templateBodyIssue('Alarm on the device')).toBe('rules.templateTextRequired');
    expect(templateBodyIssue(insertPlaceholder('Alarm on ', 'deviceName').text)).toBeNull();
    expect(templateBodyIssue('Alarm on {device}')).toBe('rules.templatePlaceholder');
  });
});
