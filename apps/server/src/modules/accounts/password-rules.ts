import {
  DEFAULT_PASSWORD_POLICY,
  PASSWORD_POLICIES,
  type PasswordPolicy,
  passwordLengthRange,
  passwordProblem,
} from '@coldchain/shared';
import { fieldError } from '../../errors.ts';
import type { PlatformRow } from '../platforms/platforms.repo.ts';

const isPolicy = (value: string): value is PasswordPolicy =>
  (PASSWORD_POLICIES as readonly string[]).includes(value);

/** The password policy of a platform (002 §5 gives two; the platform chooses). */
export function policyOf(platform: Pick<PlatformRow, 'passwordPolicy'>): PasswordPolicy {
  return isPolicy(platform.passwordPolicy) ? platform.passwordPolicy : DEFAULT_PASSWORD_POLICY;
}

/**
 * A new password against the platform's policy, and its confirmation, which must equal it once
 * whitespace is trimmed (000 §5). Errors name the field that broke the rule.
 */
export function assertNewPassword(
  platform: Pick<PlatformRow, 'passwordPolicy'>,
  field: 'accountPassword' | 'newPassword',
  password: string,
  confirm: string | undefined,
): void {
  const policy = policyOf(platform);
  const problem = passwordProblem(password, policy);
  if (problem === 'length') throw fieldError(field, 'rules.passwordLength', passwordLengthRange(policy));
  if (problem === 'kinds') {
    throw fieldError(field, policy === 'twoKinds' ? 'rules.passwordTwoKinds' : 'rules.passwordFourKinds');
  }
  const confirmation = confirm?.trim() ?? '';
  if (!confirmation) throw fieldError('confirmPassword', 'rules.required');
  if (confirmation !== password) throw fieldError('confirmPassword', 'rules.confirmMismatch');
}
