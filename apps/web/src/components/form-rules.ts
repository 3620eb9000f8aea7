import type { FormRule } from 'antd';
import i18next from 'i18next';

/**
 * Emoji and pictographic symbols (with their joiners, skin tones, flags and keycaps) and private-use
 * characters, which the clear-emoji inputs strip (000 §5). Letters, CJK, punctuation and units such
 * as ℃ stay.
 */
const EMOJI =
  /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\p{Co}|[\u200D\u20E3\uFE0E\uFE0F]/gu;

export function stripEmoji(value: string): string {
  return value.replace(EMOJI, '');
}

export type ConfirmCheck = 'ok' | 'required' | 'inconsistent';

/**
 * The confirm-password rule of 000 §5: required only once a password has been typed, and equal to
 * the password, whitespace trimmed.
 */
export function checkConfirmPassword(
  password: string | undefined,
  confirm: string | undefined,
): ConfirmCheck {
  const typed = (password ?? '').trim();
  if (!typed) return 'ok';
  const again = (confirm ?? '').trim();
  if (!again) return 'required';
  return again === typed ? 'ok' : 'inconsistent';
}

/** The same rule for an antd Form field, reading the password field `passwordField`. */
export function confirmPasswordRule(passwordField: string): FormRule {
  return ({ getFieldValue }) => ({
    validator(_rule, value: string | undefined) {
      const check = checkConfirmPassword(getFieldValue(passwordField) as string | undefined, value);
      if (check === 'required') return Promise.reject(new Error(i18next.t('form.confirmPasswordRequired')));
      if (check === 'inconsistent') return Promise.reject(new Error(i18next.t('form.passwordsInconsistent')));
      return Promise.resolve();
    },
  });
}
