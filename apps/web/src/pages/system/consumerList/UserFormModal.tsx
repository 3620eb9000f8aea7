import {
  COMPANY_NAME_MAX,
  companyNameSchema,
  emailSchema,
  PASSWORD_MAX,
  phoneSchema,
  REAL_NAME_MAX,
  type RolePick,
  TEMPERATURE_UNITS,
  USERNAME_MAX,
  type UserRow,
  userNameSchema,
} from '@coldchain/shared';
import { Form, Input, Modal, Radio, Select } from 'antd';
import type { ButtonProps } from 'antd/es/button';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTimeZones } from '../../../api/devices.ts';
import { childrenApi, usersApi } from '../../../api/users.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { confirmPasswordRule } from '../../../components/form-rules.ts';
import { schemaRule } from '../../../components/schema-rules.ts';
import { useRoleName } from '../../consumer/role/RolesPanel.tsx';

interface Fields {
  userName: string;
  accountPassword: string;
  confirmPassword: string;
  accountType: 1 | 2;
  roleCode: string;
  realName?: string;
  companyName?: string;
  phone?: string;
  email?: string;
  timeZone?: string;
  temperatureUnit: 'C' | 'F';
}

export interface UserFormModalProps {
  /** sys: the back office (sysAddUser, sysModifyUser); child: an enterprise's sub-users. */
  mode: 'sys' | 'child';
  editing: UserRow | 'new' | null;
  roles: RolePick[];
  onClose: () => void;
  onSaved: () => void;
}

const DEFAULT_ROLES = ['personalUser', 'organizationMember'];
const trimmed = (value: string | undefined) => value?.trim() ?? '';

/** Adds or edits a user; the rules are the shared schemas', worded as the server words them. */
export function UserFormModal({ mode, editing, roles, onClose, onSaved }: UserFormModalProps) {
  const { t } = useTranslation();
  const roleName = useRoleName();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const zones = useTimeZones(mode === 'sys' && editing !== null);
  const isNew = editing === 'new';
  const accountType = Form.useWatch('accountType', form);

  useEffect(() => {
    if (editing === null) return;
    form.resetFields();
    if (editing === 'new') {
      // The least powerful role is offered first: a personal user, or a member for sub-users.
      const initial =
        DEFAULT_ROLES.map((code) => roles.find((r) => r.code === code)).find((r) => r !== undefined) ??
        roles[0];
      form.setFieldsValue({ accountType: 1, temperatureUnit: 'C', roleCode: initial?.code ?? '' });
      return;
    }
    form.setFieldsValue({
      userName: editing.userName,
      accountType: editing.accountType === 2 ? 2 : 1,
      roleCode: editing.roleCode,
      realName: editing.realName ?? '',
      companyName: editing.companyName ?? '',
      phone: editing.phone ?? '',
      email: editing.email ?? '',
      timeZone: editing.timeZone,
      temperatureUnit: editing.temperatureUnit,
    });
  }, [editing, form, roles]);

  const save = async (v: Fields) => {
    setSaving(true);
    try {
      const realName = trimmed(v.realName) || undefined;
      const phone = trimmed(v.phone);
      const email = trimmed(v.email);
      if (editing === 'new') {
        const base = {
          userName: v.userName.trim(),
          accountPassword: v.accountPassword,
          confirmPassword: v.confirmPassword,
          roleCode: v.roleCode,
          ...(realName ? { realName } : {}),
          ...(phone ? { phone } : {}),
          ...(email ? { email } : {}),
        };
        if (mode === 'sys') {
          const company = trimmed(v.companyName);
          await usersApi.add({
            ...base,
            accountType: v.accountType,
            temperatureUnit: v.temperatureUnit,
            ...(v.timeZone ? { timeZone: v.timeZone } : {}),
            ...(company ? { companyName: company } : {}),
          });
        } else await childrenApi.add(base);
      } else if (editing) {
        const common = { id: editing.id, realName: trimmed(v.realName), phone, email, roleCode: v.roleCode };
        if (mode === 'sys')
          await usersApi.modify({
            ...common,
            companyName: trimmed(v.companyName),
            temperatureUnit: v.temperatureUnit,
            ...(v.timeZone ? { timeZone: v.timeZone } : {}),
          });
        else await childrenApi.update(common);
      }
      toastSuccess(isNew ? 'add' : 'edit');
      onSaved();
    } catch {
      // The http client has shown the server's message; the dialog stays for a correction.
    } finally {
      setSaving(false);
    }
  };

  const required = (field: string) => ({ required: true, message: t('users.required', { field }) });
  return (
    <Modal
      open={editing !== null}
      title={isNew ? t('users.add') : t('users.edit')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ 'data-testid': 'user-save' } as ButtonProps}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<Fields> form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="userName"
          label={t('users.userName')}
          rules={
            isNew ? [required(t('users.userName')), schemaRule(userNameSchema, t('users.userName'))] : []
          }
        >
          <Input maxLength={USERNAME_MAX} disabled={!isNew} data-testid="user-name-input" />
        </Form.Item>
        {isNew ? (
          <>
            <Form.Item
              name="accountPassword"
              label={t('users.password')}
              rules={[required(t('users.password'))]}
            >
              <Input.Password
                maxLength={PASSWORD_MAX}
                autoComplete="new-password"
                data-testid="user-password-input"
              />
            </Form.Item>
            <Form.Item
              name="confirmPassword"
              label={t('form.confirmPassword')}
              dependencies={['accountPassword']}
              rules={[confirmPasswordRule('accountPassword')]}
            >
              <Input.Password
                maxLength={PASSWORD_MAX}
                autoComplete="new-password"
                data-testid="user-confirm-input"
              />
            </Form.Item>
          </>
        ) : null}
        {mode === 'sys' ? (
          <Form.Item name="accountType" label={t('users.accountType')}>
            <Radio.Group
              disabled={!isNew}
              options={[
                { value: 1, label: t('users.personal') },
                { value: 2, label: t('users.enterprise') },
              ]}
            />
          </Form.Item>
        ) : null}
        <Form.Item name="roleCode" label={t('users.role')} rules={[required(t('users.role'))]}>
          <Select
            data-testid="user-role-select"
            options={roles.map((r) => ({ value: r.code, label: roleName(r) }))}
          />
        </Form.Item>
        <Form.Item name="realName" label={t('users.realName')}>
          <EmojiFreeInput maxLength={REAL_NAME_MAX} />
        </Form.Item>
        {mode === 'sys' ? (
          <Form.Item
            name="companyName"
            label={t('users.companyName')}
            rules={[
              ...(accountType === 2 ? [required(t('users.companyName'))] : []),
              schemaRule(companyNameSchema.optional(), t('users.companyName')),
            ]}
          >
            <EmojiFreeInput maxLength={COMPANY_NAME_MAX} />
          </Form.Item>
        ) : null}
        <Form.Item
          name="phone"
          label={t('users.phone')}
          rules={[schemaRule(phoneSchema.optional(), t('users.phone'))]}
        >
          <Input maxLength={20} />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('users.email')}
          rules={[schemaRule(emailSchema.optional(), t('users.email'))]}
        >
          <Input maxLength={254} />
        </Form.Item>
        {mode === 'sys' ? (
          <>
            <Form.Item name="timeZone" label={t('users.timeZone')}>
              <Select
                showSearch
                allowClear
                loading={zones.isLoading}
                options={(zones.data ?? []).map((z) => ({ value: z.dataValue, label: z.label }))}
              />
            </Form.Item>
            <Form.Item name="temperatureUnit" label={t('users.temperatureUnit')}>
              <Radio.Group
                options={TEMPERATURE_UNITS.map((u) => ({
                  value: u,
                  label: u === 'F' ? t('users.fahrenheit') : t('users.celsius'),
                }))}
              />
            </Form.Item>
          </>
        ) : null}
      </Form>
    </Modal>
  );
}
