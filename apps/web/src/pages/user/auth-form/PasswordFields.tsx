import { DEFAULT_PASSWORD_POLICY } from '@coldchain/shared';
import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { usePlatform } from '../../../api/platform.ts';
import { confirmPasswordRule } from '../../../components/form-rules.ts';
import { authLabel, passwordRules } from './auth-rules.ts';

/** A new password by the platform's policy (002 §5) and its confirmation (000 §5). */
export function PasswordFields({ label }: { label: 'accountPassword' | 'newPassword' }) {
  const { t } = useTranslation();
  const { data: platform } = usePlatform();
  const policy = platform?.passwordPolicy ?? DEFAULT_PASSWORD_POLICY;
  return (
    <>
      <Form.Item
        name="accountPassword"
        label={authLabel(label)}
        rules={passwordRules(policy, label)}
        extra={t(`auth.passwordHint.${policy}`)}
      >
        <Input.Password autoComplete="new-password" data-testid="new-password" />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={authLabel('confirmPassword')}
        dependencies={['accountPassword']}
        rules={[confirmPasswordRule('accountPassword')]}
      >
        <Input.Password autoComplete="new-password" data-testid="confirm-password" />
      </Form.Item>
    </>
  );
}
