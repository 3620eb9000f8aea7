import {
  bindingSchema,
  type PasswordPolicy,
  passwordLengthRange,
  passwordProblem,
  registerSchema,
} from '@coldchain/shared';
import type { FormRule } from 'antd';
import i18next from 'i18next';
import type { ContactChannel } from '../../../api/auth.ts';
import { checkRule, fieldMessage, schemaRule } from '../../../components/schema-rules.ts';

/** The labels the auth forms show, which their messages name too. */
export type AuthField =
  | 'userName'
  | 'accountPassword'
  | 'newPassword'
  | 'confirmPassword'
  | 'phone'
  | 'email'
  | 'phoneOrEmail'
  | 'verifyCode'
  | 'companyName';

export function authLabel(field: AuthField): string {
  return i18next.t(`auth.field.${field}`);
}

/** Rules of the shared sign-up schema, so the form refuses what the server refuses, in its words. */
export const userNameRules = (): FormRule[] => [
  schemaRule(registerSchema.shape.userName, authLabel('userName')),
];
export const companyNameRules = (): FormRule[] => [
  schemaRule(registerSchema.shape.companyName.unwrap(), authLabel('companyName')),
];
export const verifyCodeRules = (): FormRule[] => [
  schemaRule(bindingSchema.shape.verifyCode, authLabel('verifyCode')),
];
export const contactRules = (channel: ContactChannel): FormRule[] => [
  schemaRule(bindingSchema.shape[channel].unwrap(), authLabel(channel)),
];

/** The platform's password policy (002 §5), checked the way the server checks it. */
export function passwordRules(policy: PasswordPolicy, field: 'accountPassword' | 'newPassword'): FormRule[] {
  const label = authLabel(field);
  return [
    schemaRule(registerSchema.shape.accountPassword, label),
    checkRule((value) => {
      if (typeof value !== 'string' || value === '') return null;
      const problem = passwordProblem(value, policy);
      if (problem === 'length')
        return fieldMessage(label, { rule: 'passwordLength', params: passwordLengthRange(policy) });
      if (problem === 'kinds')
        return fieldMessage(label, {
          rule: policy === 'twoKinds' ? 'passwordTwoKinds' : 'passwordFourKinds',
        });
      return null;
    }),
  ];
}
