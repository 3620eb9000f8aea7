import {
  PASSWORD_BASIC_MIN,
  PASSWORD_MAX,
  PASSWORD_STRONG_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
} from './constants.ts';

/**
 * 002 §5: 6-50 characters of Chinese, letters, digits or underscore, not starting with a digit or
 * underscore. Length counts characters, not bytes.
 */
export const USERNAME_PATTERN = new RegExp(
  `^[\\p{Script=Han}A-Za-z][\\p{Script=Han}A-Za-z0-9_]{${USERNAME_MIN - 1},${USERNAME_MAX - 1}}$`,
  'u',
);

/** Mainland mobile numbers (11 digits from 1) or international numbers with a + and 6-15 digits. */
export const PHONE_PATTERN = /^(1\d{10}|\+?[1-9]\d{5,14})$/;
export const EMAIL_PATTERN = /^[^\s@]{1,64}@[^\s@]{1,255}\.[^\s@]{2,63}$/;

/** Two password policies in the spec (002 §5); which applies is a platform setting. */
export const PASSWORD_POLICIES = ['twoKinds', 'fourKinds'] as const;
export type PasswordPolicy = (typeof PASSWORD_POLICIES)[number];
/** Default policy, recorded in docs/decisions.md. */
export const DEFAULT_PASSWORD_POLICY: PasswordPolicy = 'twoKinds';

export type PasswordProblem = 'length' | 'kinds';

/** Checks a password against a policy; null when it passes. */
export function passwordProblem(password: string, policy: PasswordPolicy): PasswordProblem | null {
  const min = policy === 'twoKinds' ? PASSWORD_BASIC_MIN : PASSWORD_STRONG_MIN;
  const length = [...password].length;
  if (length < min || length > PASSWORD_MAX) return 'length';
  const digit = /\d/.test(password);
  const letter = /[A-Za-z]/.test(password);
  const symbol = /[^A-Za-z0-9\s]/.test(password);
  if (/\s/.test(password)) return 'kinds';
  if (policy === 'twoKinds') return [digit, letter, symbol].filter(Boolean).length >= 2 ? null : 'kinds';
  const upper = /[A-Z]/.test(password);
  const lower = /[a-z]/.test(password);
  return digit && upper && lower && symbol ? null : 'kinds';
}

/** Length limits of a policy, for messages and forms. */
export function passwordLengthRange(policy: PasswordPolicy): { min: number; max: number } {
  return { min: policy === 'twoKinds' ? PASSWORD_BASIC_MIN : PASSWORD_STRONG_MIN, max: PASSWORD_MAX };
}
