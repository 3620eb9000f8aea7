import {
  COMPANY_NAME_MAX,
  companyNameSchema,
  PASSWORD_MAX,
  USERNAME_MAX,
  type UserCondition,
  type UserRow,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Tag } from 'antd';
import type { ButtonProps } from 'antd/es/button';
import type { ColumnsType } from 'antd/es/table';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useAccountInfo } from '../../../api/account.ts';
import { saveFile } from '../../../api/http.ts';
import { downloadsApi, peopleKeys, usersApi, useSystemRoles } from '../../../api/users.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { confirmPasswordRule } from '../../../components/form-rules.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { schemaRule } from '../../../components/schema-rules.ts';
import { requireSelection } from '../../../components/selection.ts';
import { useRoleName } from '../../consumer/role/RolesPanel.tsx';
import { formatTime } from '../../product/form-values.ts';
import { UserFormModal } from './UserFormModal.tsx';

/** The administrators' role (002 §6: reset password, upgrade and delete are theirs only). */
const ADMIN_ROLE = 'operator';

type Filters = Omit<UserCondition, 'start' | 'pageSize'>;

/**
 * /system/consumer/list: the back office's users (002 §3 User, §7): query, export, add, modify, and
 * for administrators delete, reset password and upgrade to enterprise, each asked first.
 */
export default function SystemConsumerListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roleName = useRoleName();
  const { data: info } = useAccountInfo();
  const isAdmin = info?.baseAccount.roleCode === ADMIN_ROLE;
  const roles = useSystemRoles();
  const [editing, setEditing] = useState<UserRow | 'new' | null>(null);
  const [resetting, setResetting] = useState<UserRow | null>(null);
  const [upgrading, setUpgrading] = useState<UserRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const [resetForm] = Form.useForm<{ newPassword: string; confirmPassword: string }>();
  const [upgradeForm] = Form.useForm<{ companyName: string }>();
  const lastFilters = useRef<Filters>({});

  const refresh = () => void queryClient.invalidateQueries({ queryKey: peopleKeys.users });
  const one = (rows: UserRow[]) => {
    const [only] = rows;
    return requireSelection(rows.length, 'one') && only ? only : null;
  };

  const reset = (values: { newPassword: string; confirmPassword: string }) => {
    const user = resetting;
    if (!user) return;
    void confirmPrompt({
      kind: 'resetPassword',
      content: t('users.resetConfirm', { name: user.userName }),
      onOk: async () => {
        try {
          await usersApi.resetPassword({ id: user.id, ...values });
          toastSuccess('save');
          setResetting(null);
        } catch {
          // Shown by the http client; the dialog stays.
        }
      },
    });
  };

  const upgrade = (values: { companyName: string }) => {
    const user = upgrading;
    if (!user) return;
    void confirmPrompt({
      kind: 'upgrade',
      content: t('users.upgradeConfirm', { name: user.userName }),
      onOk: async () => {
        try {
          await usersApi.upgrade(user.id, values.companyName.trim());
          toastSuccess('save');
          setUpgrading(null);
          refresh();
        } catch {
          // Shown by the http client; the dialog stays.
        }
      },
    });
  };

  const exportNow = async () => {
    setExporting(true);
    try {
      saveFile(await usersApi.exportFile(lastFilters.current));
      toastSuccess('export');
    } catch {
      // Shown by the http client.
    } finally {
      setExporting(false);
    }
  };

  const exportInBackground = async () => {
    try {
      await downloadsApi.request({ kind: 'users', condition: lastFilters.current });
      flash('success', t('users.exportQueued'));
      navigate('/consumer/download');
    } catch {
      // Shown by the http client.
    }
  };

  const columns: ColumnsType<UserRow> = [
    { dataIndex: 'userName', title: t('users.userName'), sorter: true },
    { dataIndex: 'realName', title: t('users.realName'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'companyName', title: t('users.companyName'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'phone', title: t('users.phone'), render: (v: string | null) => v ?? '' },
    { dataIndex: 'email', title: t('users.email'), render: (v: string | null) => v ?? '' },
    {
      dataIndex: 'accountType',
      title: t('users.accountType'),
      width: 110,
      render: (v: number) =>
        v === 2 ? <Tag color="blue">{t('users.enterprise')}</Tag> : <Tag>{t('users.personal')}</Tag>,
    },
    {
      dataIndex: 'roleName',
      title: t('users.role'),
      render: (_v, row) => roleName({ code: row.roleCode, roleName: row.roleName ?? row.roleCode }),
    },
    {
      dataIndex: 'deletedFlag',
      title: t('users.state'),
      width: 100,
      render: (v: number) =>
        v === 1 ? <Tag color="red">{t('users.deleted')}</Tag> : <Tag color="green">{t('users.normal')}</Tag>,
    },
    {
      dataIndex: 'createdAt',
      title: t('users.createdAt'),
      width: 180,
      sorter: true,
      render: (v: string) => formatTime(v),
    },
  ];

  return (
    <>
      <ListPage<UserRow>
        queryKey={peopleKeys.users}
        fetchPage={(request, signal) => {
          const { start: _s, pageSize: _p, sortField: _f, sortOrder: _o, ...filters } = request;
          lastFilters.current = filters as Filters;
          return usersApi.page(request as UserCondition, signal);
        }}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="userName" label={t('users.userName')}>
              <Input allowClear maxLength={USERNAME_MAX} data-testid="user-filter-name" />
            </Form.Item>
            <Form.Item name="phone" label={t('users.phone')}>
              <Input allowClear maxLength={20} />
            </Form.Item>
            <Form.Item name="companyName" label={t('users.companyName')}>
              <Input allowClear maxLength={COMPANY_NAME_MAX} />
            </Form.Item>
            <Form.Item name="accountType" label={t('users.accountType')}>
              <Select
                allowClear
                style={{ width: 120 }}
                options={[
                  { value: 1, label: t('users.personal') },
                  { value: 2, label: t('users.enterprise') },
                ]}
              />
            </Form.Item>
            <Form.Item name="roleCode" label={t('users.role')}>
              <Select
                allowClear
                style={{ width: 160 }}
                options={(roles.data ?? []).map((r) => ({ value: r.code, label: roleName(r) }))}
              />
            </Form.Item>
            <Form.Item name="deletedFlag" label={t('users.state')}>
              <Select
                allowClear
                style={{ width: 110 }}
                options={[
                  { value: 0, label: t('users.normal') },
                  { value: 1, label: t('users.deleted') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            <IfAction action="add">
              <Button type="primary" onClick={() => setEditing('new')} data-testid="user-add">
                {t('users.add')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button
                onClick={() => {
                  const row = one(rows);
                  if (row) setEditing(row);
                }}
                data-testid="user-edit"
              >
                {t('users.edit')}
              </Button>
            </IfAction>
            {isAdmin ? (
              <>
                <IfAction action="edit">
                  <Button
                    onClick={() => {
                      const row = one(rows);
                      if (!row) return;
                      resetForm.resetFields();
                      setResetting(row);
                    }}
                    data-testid="user-reset-password"
                  >
                    {t('users.resetPassword')}
                  </Button>
                  <Button
                    onClick={() => {
                      const row = one(rows);
                      if (!row) return;
                      upgradeForm.setFieldsValue({ companyName: row.companyName ?? '' });
                      setUpgrading(row);
                    }}
                    disabled={rows.length === 1 && rows[0]?.accountType === 2}
                    data-testid="user-upgrade"
                  >
                    {t('users.upgrade')}
                  </Button>
                </IfAction>
                <IfAction action="delete">
                  <Button
                    danger
                    onClick={() => {
                      const row = one(rows);
                      if (!row) return;
                      void confirmPrompt({
                        kind: 'delete',
                        onOk: async () => {
                          try {
                            await usersApi.remove(row.id);
                            toastSuccess('delete');
                          } catch {
                            // Shown by the http client.
                          }
                          refresh();
                        },
                      });
                    }}
                    data-testid="user-delete"
                  >
                    {t('users.delete')}
                  </Button>
                </IfAction>
              </>
            ) : null}
            <IfAction action="export">
              <Button loading={exporting} onClick={() => void exportNow()} data-testid="user-export">
                {t('users.export')}
              </Button>
              <Button onClick={() => void exportInBackground()} data-testid="user-export-background">
                {t('users.exportInBackground')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <UserFormModal
        mode="sys"
        editing={editing}
        roles={roles.data ?? []}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <Modal
        open={resetting !== null}
        title={`${t('users.resetPassword')} · ${resetting?.userName ?? ''}`}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        okButtonProps={{ 'data-testid': 'reset-ok' } as ButtonProps}
        onOk={() => resetForm.submit()}
        onCancel={() => setResetting(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={resetForm} layout="vertical" onFinish={reset}>
          <Form.Item
            name="newPassword"
            label={t('users.newPassword')}
            rules={[{ required: true, message: t('users.required', { field: t('users.newPassword') }) }]}
          >
            <Input.Password
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
              data-testid="reset-password-input"
            />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('form.confirmPassword')}
            dependencies={['newPassword']}
            rules={[confirmPasswordRule('newPassword')]}
          >
            <Input.Password
              maxLength={PASSWORD_MAX}
              autoComplete="new-password"
              data-testid="reset-confirm-input"
            />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={upgrading !== null}
        title={`${t('users.upgrade')} · ${upgrading?.userName ?? ''}`}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        onOk={() => upgradeForm.submit()}
        onCancel={() => setUpgrading(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={upgradeForm} layout="vertical" onFinish={upgrade}>
          <Form.Item
            name="companyName"
            label={t('users.companyName')}
            rules={[
              { required: true, message: t('users.required', { field: t('users.companyName') }) },
              schemaRule(companyNameSchema, t('users.companyName')),
            ]}
          >
            <Input maxLength={COMPANY_NAME_MAX} data-testid="upgrade-company-input" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
