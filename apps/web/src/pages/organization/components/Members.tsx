import { EMAIL_PATTERN, type Member, type Organization, PHONE_PATTERN } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../api/http.ts';
import { organizationApi, orgKeys, useOrgRoles } from '../../../api/org.ts';
import { notify, toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { MoveMember } from './MoveMember.tsx';

interface InviteFields {
  contact: string;
  roleId?: number;
}

/**
 * The members of an organization with the role each holds there; those who manage it invite by phone
 * or e-mail, change roles and remove members, and its creator may hand the organization on.
 */
export function Members({ org }: { org: Organization }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const roles = useOrgRoles(org.canManage);
  const [inviting, setInviting] = useState(false);
  const [moving, setMoving] = useState<Member | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<InviteFields>();
  const access = useAccess();
  // The lookup by name, phone or e-mail is the sharing page's call (consumer.sharer).
  const canLookUp = access.permission('consumer.sharer', 'query');
  const pending = useQuery({
    queryKey: orgKeys.invitations(org.id),
    queryFn: ({ signal }) => organizationApi.invitations(org.id, signal),
    enabled: org.canManage,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.organizations });
  const roleOptions = (roles.data ?? []).map((r) => ({ value: r.id, label: r.roleName }));

  /**
   * One field takes a user name, phone or e-mail: a registered account found by the lookup is invited
   * by id; otherwise a phone or e-mail is invited to register.
   */
  const invite = async (values: InviteFields) => {
    setSaving(true);
    const contact = values.contact.trim();
    const grant = { organizationId: org.id, ...(values.roleId ? { roleId: values.roleId } : {}) };
    try {
      const found = canLookUp ? await organizationApi.lookup(contact) : null;
      let answer: { registered: boolean; notified: boolean };
      if (found) answer = await organizationApi.addUser({ ...grant, accountId: found.id });
      else if (PHONE_PATTERN.test(contact))
        answer = await organizationApi.invite({ ...grant, phone: contact });
      else if (EMAIL_PATTERN.test(contact))
        answer = await organizationApi.invite({ ...grant, email: contact });
      else {
        form.setFields([{ name: 'contact', errors: [t('org.members.noSuchUser')] }]);
        return;
      }
      notify(
        'success',
        t(answer.registered ? 'org.members.invited' : 'org.members.invitedToRegister'),
        answer.notified ? undefined : t('org.members.notNotified'),
      );
      setInviting(false);
      form.resetFields();
      await refresh();
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      if (!error.endedSession) form.setFields([{ name: 'contact', errors: [error.message] }]);
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<Member> = [
    {
      dataIndex: 'userName',
      title: t('org.members.userName'),
      render: (name: string, row) => (
        <Space>
          {name}
          {row.isCreator ? <Tag color="gold">{t('org.members.creator')}</Tag> : null}
        </Space>
      ),
    },
    { dataIndex: 'realName', title: t('org.members.realName') },
    { dataIndex: 'phone', title: t('org.members.phone') },
    { dataIndex: 'email', title: t('org.members.email') },
    {
      dataIndex: 'roleName',
      title: t('org.members.role'),
      render: (name: string | null, row) =>
        org.canManage && !row.isCreator ? (
          <Select
            size="small"
            style={{ minWidth: 160 }}
            value={row.roleId ?? undefined}
            options={roleOptions}
            aria-label={t('org.members.role')}
            data-testid={`member-role-${row.accountId}`}
            onChange={async (roleId: number) => {
              await organizationApi.updateRole(org.id, row.accountId, roleId);
              toastSuccess('edit');
              await refresh();
            }}
          />
        ) : (
          (name ?? '-')
        ),
    },
    {
      key: 'actions',
      title: t('org.common.actions'),
      render: (_: unknown, row) => (
        <Space>
          {org.isCreator && !row.isCreator ? (
            <Popconfirm
              title={t('org.transfer.confirm', { user: row.userName })}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await organizationApi.transfer(org.id, row.accountId);
                toastSuccess('transfer');
                await refresh();
              }}
            >
              <Button size="small">{t('org.transfer.action')}</Button>
            </Popconfirm>
          ) : null}
          {org.canManage && !row.isCreator ? (
            <Button size="small" onClick={() => setMoving(row)}>
              {t('org.members.move')}
            </Button>
          ) : null}
          {org.canManage && !row.isCreator ? (
            <Popconfirm
              title={t('org.members.removeConfirm')}
              okText={t('common.ok')}
              cancelText={t('common.cancel')}
              onConfirm={async () => {
                await organizationApi.removeMember(org.id, row.accountId);
                toastSuccess('delete');
                await refresh();
              }}
            >
              <Button size="small" danger data-testid={`member-remove-${row.accountId}`}>
                {t('org.members.remove')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      ),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ListPage<Member>
        queryKey={orgKeys.members(org.id)}
        fetchPage={(request, signal) =>
          organizationApi.members({ ...request, organizationId: org.id }, signal)
        }
        columns={columns}
        rowKey="accountId"
        toolbar={() =>
          org.canManage ? (
            <Button type="primary" onClick={() => setInviting(true)} data-testid="member-invite">
              {t('org.members.invite')}
            </Button>
          ) : null
        }
      />
      {org.canManage && (pending.data ?? []).length > 0 ? (
        <>
          <Typography.Title level={5}>{t('org.invitations.pending')}</Typography.Title>
          <Table
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={pending.data}
            data-testid="pending-invitations"
            columns={[
              { dataIndex: 'contact', title: t('org.invitations.contact') },
              { dataIndex: 'roleName', title: t('org.members.role') },
              {
                dataIndex: 'registered',
                title: t('org.invitations.registered'),
                render: (v: boolean) => (v ? t('org.common.yes') : t('org.common.no')),
              },
              {
                key: 'cancel',
                render: (_: unknown, row: { id: number }) => (
                  <Button
                    size="small"
                    onClick={async () => {
                      await organizationApi.cancelInvitation(row.id);
                      await refresh();
                    }}
                  >
                    {t('org.invitations.cancel')}
                  </Button>
                ),
              },
            ]}
          />
        </>
      ) : null}
      <MoveMember
        organizationId={org.id}
        member={moving}
        onClose={() => setMoving(null)}
        onMoved={async () => {
          setMoving(null);
          await refresh();
        }}
      />
      <Modal
        open={inviting}
        title={t('org.members.invite')}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setInviting(false)}
        destroyOnHidden
        forceRender
      >
        <Form<InviteFields>
          form={form}
          layout="vertical"
          onFinish={(values) => void invite(values)}
          data-testid="invite-form"
        >
          <Form.Item
            name="contact"
            label={canLookUp ? t('org.members.contact') : t('org.members.contactNoLookup')}
            required
            rules={[{ required: true, whitespace: true, message: t('org.members.contactRequired') }]}
          >
            <Input maxLength={254} data-testid="invite-contact" />
          </Form.Item>
          <Form.Item name="roleId" label={t('org.members.role')}>
            <Select allowClear options={roleOptions} placeholder={t('org.members.defaultRole')} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
