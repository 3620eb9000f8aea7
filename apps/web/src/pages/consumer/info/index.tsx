import {
  AVATAR_MAX_BYTES,
  COMPANY_NAME_MAX,
  companyNameSchema,
  emailSchema,
  IMAGE_EXTENSIONS,
  PASSWORD_MAX,
  phoneSchema,
  REAL_NAME_MAX,
  TEMPERATURE_UNITS,
  VERIFY_CODE_LENGTH,
} from '@coldchain/shared';
import { Avatar, Button, Card, Descriptions, Form, Input, Modal, Radio, Select, Space, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../../api/account.ts';
import { useTimeZones } from '../../../api/devices.ts';
import { myAccountApi } from '../../../api/users.ts';
import { flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { confirmPasswordRule } from '../../../components/form-rules.ts';
import { schemaRule } from '../../../components/schema-rules.ts';
import { isSystemRole, useRoleName } from '../role/RolesPanel.tsx';

interface BaseFields {
  realName: string;
  companyName: string;
  timeZone: string;
  temperatureUnit: 'C' | 'F';
}

type Security = 'phone' | 'email' | 'password';
interface SecurityFields {
  target?: string;
  verifyCode?: string;
  oldPassword: string;
  newPassword?: string;
  confirmPassword?: string;
}

/**
 * /consumer/info: the signed-in account (user centre, personal info): avatar, base information, time
 * zone and temperature unit, and changing phone, e-mail and password on the account calls of 000 §7.
 */
export default function ConsumerInfoPage() {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const { data: info } = useAccountInfo();
  const zones = useTimeZones();
  const [base] = Form.useForm<BaseFields>();
  const [secure] = Form.useForm<SecurityFields>();
  const [saving, setSaving] = useState(false);
  const [changing, setChanging] = useState<Security | null>(null);
  const [uploading, setUploading] = useState(false);
  const account = info?.baseAccount;

  useEffect(() => {
    if (!account) return;
    base.setFieldsValue({
      realName: account.realName ?? '',
      companyName: account.companyName ?? '',
      timeZone: account.timeZone,
      temperatureUnit: account.temperatureUnit,
    });
  }, [account, base]);

  if (!account) return null;
  const enterprise = account.accountType === 2;

  const saveBase = async (v: BaseFields) => {
    setSaving(true);
    try {
      await myAccountApi.modifyBaseInfo({
        realName: v.realName.trim(),
        timeZone: v.timeZone,
        temperatureUnit: v.temperatureUnit,
        ...(enterprise ? { companyName: v.companyName.trim() } : {}),
      });
      toastSuccess('save');
    } catch {
      // Shown by the http client.
    } finally {
      setSaving(false);
    }
  };

  const avatar = async (file: File) => {
    const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
    if (!(IMAGE_EXTENSIONS as readonly string[]).includes(ext))
      return flash('error', t('userCenter.avatarType'));
    if (file.size > AVATAR_MAX_BYTES) return flash('error', t('userCenter.avatarSize'));
    setUploading(true);
    try {
      await myAccountApi.uploadAvatar(file);
      toastSuccess('save');
    } catch {
      // Shown by the http client.
    } finally {
      setUploading(false);
    }
  };

  const sendCode = async () => {
    try {
      const target = (await secure.validateFields(['target'])).target?.trim() ?? '';
      if (changing === 'phone') await myAccountApi.sendPhoneCode(target);
      else await myAccountApi.sendEmailCode(target);
      flash('success', t('userCenter.codeSent'));
    } catch {
      // An invalid field shows under it; a refused call is shown by the http client.
    }
  };

  const saveSecurity = async (v: SecurityFields) => {
    try {
      const password = v.newPassword
        ? { newPassword: v.newPassword, confirmPassword: v.confirmPassword ?? '' }
        : {};
      const code = v.verifyCode?.trim();
      if (changing === 'email')
        await myAccountApi.modifyEmail({
          oldPassword: v.oldPassword,
          ...(v.target ? { email: v.target.trim(), ...(code ? { verifyCode: code } : {}) } : {}),
        });
      else
        await myAccountApi.modifyPhone({
          oldPassword: v.oldPassword,
          ...(changing === 'phone' && v.target
            ? { phone: v.target.trim(), ...(code ? { verifyCode: code } : {}) }
            : {}),
          ...password,
        });
      toastSuccess('save');
      setChanging(null);
    } catch {
      // Shown by the http client; the dialog stays for a correction.
    }
  };

  const open = (what: Security) => {
    secure.resetFields();
    setChanging(what);
  };
  const required = (field: string) => ({ required: true, message: t('users.required', { field }) });
  const securityTitle =
    changing === 'phone'
      ? t('userCenter.changePhone')
      : changing === 'email'
        ? t('userCenter.changeEmail')
        : t('userCenter.changePassword');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card title={t('userCenter.account')}>
        <Space align="start" size="large" wrap>
          <Space orientation="vertical" align="center">
            <Avatar size={96} src={account.accountPhoto ?? undefined}>
              {account.userName.slice(0, 1).toUpperCase()}
            </Avatar>
            <IfAction action="edit">
              <Upload
                accept={IMAGE_EXTENSIONS.map((e) => `.${e}`).join(',')}
                showUploadList={false}
                beforeUpload={(file) => {
                  void avatar(file);
                  return false;
                }}
              >
                <Button loading={uploading} size="small" data-testid="info-avatar">
                  {t('userCenter.changeAvatar')}
                </Button>
              </Upload>
            </IfAction>
            <span style={{ fontSize: 12, opacity: 0.65 }}>{t('userCenter.avatarHint')}</span>
          </Space>
          <Descriptions column={1} size="small" data-testid="info-account">
            <Descriptions.Item label={t('users.userName')}>{account.userName}</Descriptions.Item>
            <Descriptions.Item label={t('users.accountType')}>
              {enterprise ? t('users.enterprise') : t('users.personal')}
            </Descriptions.Item>
            {isSystemRole(account.roleCode) ? (
              <Descriptions.Item label={t('users.role')}>
                {roleName({ code: account.roleCode, roleName: account.roleCode })}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('users.phone')}>
              <Space>
                {account.phone ?? t('userCenter.none')}
                <IfAction action="edit">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => open('phone')}
                    data-testid="info-change-phone"
                  >
                    {t('userCenter.edit')}
                  </Button>
                </IfAction>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.email')}>
              <Space>
                {account.email ?? t('userCenter.none')}
                <IfAction action="edit">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => open('email')}
                    data-testid="info-change-email"
                  >
                    {t('userCenter.edit')}
                  </Button>
                </IfAction>
              </Space>
            </Descriptions.Item>
            <Descriptions.Item label={t('users.password')}>
              <IfAction action="edit">
                <Button
                  type="link"
                  size="small"
                  onClick={() => open('password')}
                  data-testid="info-change-password"
                >
                  {t('userCenter.changePassword')}
                </Button>
              </IfAction>
            </Descriptions.Item>
          </Descriptions>
        </Space>
      </Card>
      <Card title={t('userCenter.preferences')}>
        <Form<BaseFields>
          form={base}
          layout="vertical"
          style={{ maxWidth: 480 }}
          onFinish={(v) => void saveBase(v)}
        >
          <Form.Item name="realName" label={t('users.realName')}>
            <EmojiFreeInput maxLength={REAL_NAME_MAX} data-testid="info-real-name" />
          </Form.Item>
          {enterprise ? (
            <Form.Item
              name="companyName"
              label={t('users.companyName')}
              rules={[
                required(t('users.companyName')),
                schemaRule(companyNameSchema, t('users.companyName')),
              ]}
            >
              <EmojiFreeInput maxLength={COMPANY_NAME_MAX} />
            </Form.Item>
          ) : null}
          <Form.Item name="timeZone" label={t('users.timeZone')} rules={[required(t('users.timeZone'))]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={zones.isLoading}
              data-testid="info-time-zone"
              options={(zones.data ?? []).map((z) => ({ value: z.dataValue, label: z.label }))}
            />
          </Form.Item>
          <Form.Item name="temperatureUnit" label={t('users.temperatureUnit')}>
            <Radio.Group
              data-testid="info-temperature-unit"
              options={TEMPERATURE_UNITS.map((u) => ({
                value: u,
                label: u === 'F' ? t('users.fahrenheit') : t('users.celsius'),
              }))}
            />
          </Form.Item>
          <IfAction action="edit">
            <Button type="primary" htmlType="submit" loading={saving} data-testid="info-save">
              {t('common.save')}
            </Button>
          </IfAction>
        </Form>
      </Card>
      <Modal
        open={changing !== null}
        title={securityTitle}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => secure.submit()}
        onCancel={() => setChanging(null)}
        destroyOnHidden
        forceRender
      >
        <Form<SecurityFields> form={secure} layout="vertical" onFinish={(v) => void saveSecurity(v)}>
          {changing === 'phone' || changing === 'email' ? (
            <>
              <Form.Item
                name="target"
                label={changing === 'phone' ? t('userCenter.newPhone') : t('userCenter.newEmail')}
                rules={[
                  required(changing === 'phone' ? t('userCenter.newPhone') : t('userCenter.newEmail')),
                  changing === 'phone'
                    ? schemaRule(phoneSchema, t('userCenter.newPhone'))
                    : schemaRule(emailSchema, t('userCenter.newEmail')),
                ]}
              >
                <Input maxLength={changing === 'phone' ? 20 : 254} />
              </Form.Item>
              <Form.Item label={t('userCenter.verifyCode')} required>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name="verifyCode" noStyle rules={[required(t('userCenter.verifyCode'))]}>
                    <Input maxLength={VERIFY_CODE_LENGTH} />
                  </Form.Item>
                  <Button onClick={() => void sendCode()}>{t('userCenter.sendCode')}</Button>
                </Space.Compact>
              </Form.Item>
            </>
          ) : null}
          <Form.Item
            name="oldPassword"
            label={t('userCenter.oldPassword')}
            rules={[required(t('userCenter.oldPassword'))]}
          >
            <Input.Password maxLength={PASSWORD_MAX} autoComplete="current-password" />
          </Form.Item>
          {changing === 'password' ? (
            <>
              <Form.Item
                name="newPassword"
                label={t('users.newPassword')}
                rules={[required(t('users.newPassword'))]}
              >
                <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
              </Form.Item>
              <Form.Item
                name="confirmPassword"
                label={t('form.confirmPassword')}
                dependencies={['newPassword']}
                rules={[confirmPasswordRule('newPassword')]}
              >
                <Input.Password maxLength={PASSWORD_MAX} autoComplete="new-password" />
              </Form.Item>
            </>
          ) : null}
        </Form>
      </Modal>
    </Space>
  );
}
