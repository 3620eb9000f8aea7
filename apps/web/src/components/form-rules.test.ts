import { describe, expect, it, vi } from 'vitest';
import { checkConfirmPassword, stripEmoji } from './form-rules.ts';
import { checkSelection, requireSelection } from './selection.ts';

vi.mock('../app/feedback.ts', () => ({ flash: vi.fn() }));

describe('shared form rules (000 §5)', () => {
  it('strips emoji and pictographs but keeps text, CJK and units', () => {
    expect(stripEmoji('Fridge 😀 1')).toBe('Fridge  1');
    expect(stripEmoji('冷库👨‍👩‍👧A区🇨🇳')).toBe('冷库A区');
    expect(stripEmoji('-18℃ ok')).toBe('-18℃ ok');
    expect(stripEmoji('1️⃣#')).toBe('1#');
  });

  it('asks for the confirmation only once a password is typed, comparing trimmed values', () => {
    expect(checkConfirmPassword(undefined, undefined)).toBe('ok');
    expect(checkConfirmPassword('  ', '')).toBe('ok');
    expect(checkConfirmPassword('Secret1!', '')).toBe('required');
    expect(checkConfirmPassword('Secret1!', ' Secret1! ')).toBe('ok');
    expect(checkConfirmPassword('Secret1!', 'Secret2!')).toBe('inconsistent');
  });

  it('checks selections: none selected, exactly one', () => {
    expect(checkSelection(0, 'some')).toBe('none');
    expect(checkSelection(3, 'some')).toBe('ok');
    expect(checkSelection(0, 'one')).toBe('none');
    expect(checkSelection(2, 'one')).toBe('exactlyOne');
    expect(checkSelection(1, 'one')).toBe('ok');
    expect(requireSelection(2, 'one')).toBe(false);
    expect(requireSelection(1, 'one')).toBe(true);
  });
});
