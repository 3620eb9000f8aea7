import { type CodePurpose, EMAIL_PATTERN, ERRORS, PHONE_PATTERN } from '@coldchain/shared';
import { Form, type FormInstance, type FormRule, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { type ContactChannel, needsCaptcha, sendCode } from '../../../api/auth.ts';
import { fieldMessage, showSaveError } from '../../../components/schema-rules.ts';
import { authLabel, contactRules, verifyCodeRules } from './auth-rules.ts';
import { SendCodeButton } from './SendCodeButton.tsx';
import type { CaptchaState } from './use-captcha.ts';

/** Where the code goes: a phone, an e-mail, or whichever of the two the user typed (code login). */
export type ContactTarget = ContactChannel | 'phoneOrEmail';

/** The form field holding the target: code login sends it as userName. */
export function targetField(target: ContactTarget): 'phone' | 'email' | 'userName' {
  return target === 'phoneOrEmail' ? 'userName' : target;
}

function channelOf(target: ContactTarget, value: string): ContactChannel | null {
  if (target !== 'phoneOrEmail') return target;
  if (PHONE_PATTERN.test(value)) return 'phone';
  if (EMAIL_PATTERN.test(value)) return 'email';
  return null;
}

const phoneOrEmailRule = (): FormRule => ({
  validator: (_rule, value: unknown) => {
    const text = typeof value === 'string' ? value.trim() : '';
    if (!text)
      return Promise.reject(new Error(fieldMessage(authLabel('phoneOrEmail'), { rule: 'required' })));
    return channelOf('phoneOrEmail', text)
      ? Promise.resolve()
      : Promise.reject(new Error(fieldMessage(authLabel('phoneOrEmail'), { rule: 'phoneOrEmail' })));
  },
});

interface ContactFieldsProps {
  form: FormInstance;
  target: ContactTarget;
  purpose: CodePurpose;
  captcha: CaptchaState;
}

/**
 * A phone or e-mail and the verification code sent to it, with the send button and its countdown.
 * A refusal of the code request shows under the field it concerns; a wanted captcha shows its image.
 */
export function ContactFields({ form, target, purpose, captcha }: ContactFieldsProps) {
  const { t } = useTranslation();
  const field = targetField(target);

  const send = async (): Promise<boolean> => {
    try {
      await form.validateFields([field]);
    } catch {
      return false;
    }
    const value = String(form.getFieldValue(field)).trim();
    const channel = channelOf(target, value);
    if (!channel) return false;
    try {
      await sendCode(channel, value, purpose, captcha.answer(form));
      form.setFields([{ name: 'captchaCode', value: '' }]);
      return true;
    } catch (error) {
      if (needsCaptcha(error)) {
        captcha.require((error as Error).message);
        return false;
      }
      showSaveError(form, error, {
        fields: [field],
        codeFields: { [ERRORS.duplicateContact.code]: field, [ERRORS.registrationClosed.code]: field },
      });
      return false;
    }
  };

  return (
    <>
      <Form.Item
        name={field}
        label={authLabel(target)}
        rules={target === 'phoneOrEmail' ? [phoneOrEmailRule()] : contactRules(target)}
        validateTrigger="onBlur"
      >
        <Input
          autoComplete={target === 'phone' ? 'tel' : target === 'email' ? 'email' : 'username'}
          inputMode={target === 'phone' ? 'tel' : target === 'email' ? 'email' : undefined}
          data-testid={`contact-${field}`}
        />
      </Form.Item>
      <Form.Item label={authLabel('verifyCode')} required>
        <div style={{ display: 'flex', gap: 8 }}>
          <Form.Item name="verifyCode" rules={verifyCodeRules()} noStyle>
            <Input
              autoComplete="one-time-code"
              inputMode="numeric"
              maxLength={6}
              aria-label={authLabel('verifyCode')}
              placeholder={t('auth.code.placeholder')}
              data-testid="verify-code"
              style={{ flex: 1, minWidth: 0 }}
            />
          </Form.Item>
          <SendCodeButton onSend={send} />
        </div>
      </Form.Item>
    </>
  );
}
