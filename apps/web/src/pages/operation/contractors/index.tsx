import {
  CONTRACTOR_FIELD_MAX,
  CONTRACTOR_STATUSES,
  type Contractor,
  type ContractorStatus,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../../api/account.ts';
import { contractorsApi, platformSystemKeys } from '../../../api/platform-system.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { formatTime } from '../../product/shared.tsx';

/** The administrators' role (002 §6): certifying is theirs, as upgrades and deletions are. */
const ADMIN_ROLE = 'operator';

interface ContractorFields {
  contractorCompany: string;
  contractorContact: string;
}

/**
 * /system/contractor: engineers and contractors (002 §1, §3, §4). The back office records an account's
 * contractor company and contact (up to 20 each) and certifies or withdraws it; a certificate holds
 * only for the company and contact it was given for.
 */
export default function ContractorsPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Contractor | null>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<ContractorFields>();
  const { data: info } = useAccountInfo();
  const isAdmin = info?.baseAccount.roleCode === ADMIN_ROLE;
  const refresh = () => queryClient.invalidateQueries({ queryKey: platformSystemKeys.contractors });

  useEffect(() => {
    if (editing)
      form.setFieldsValue({
        contractorCompany: editing.contractorCompany ?? '',
        contractorContact: editing.contractorContact ?? '',
      });
  }, [editing, form]);

  const save = async (values: ContractorFields) => {
    if (!editing) return;
    setSaving(true);
    try {
      await contractorsApi.save({
        id: editing.accountId,
        contractorCompany: values.contractorCompany.trim(),
        contractorContact: values.contractorContact.trim(),
      });
      toastSuccess('save');
      setEditing(null);
      await refresh();
    } catch (error) {
      showSaveError(form, error, { fields: ['contractorCompany', 'contractorContact'] });
    } finally {
      setSaving(false);
    }
  };

  const decide = (row: Contractor, status: ContractorStatus) =>
    confirmPrompt({
      content: t(`platformSystem.contractors.confirm.${status}`, { name: row.userName }),
      onOk: async () => {
        await contractorsApi.certify({ id: row.accountId, status });
        toastSuccess('save');
        await refresh();
      },
    });

  const columns: ColumnsType<Contractor> = [
    { key: 'userName', dataIndex: 'userName', title: t('platformSystem.contractors.userName') },
    {
      key: 'realName',
      title: t('platformSystem.contractors.realName'),
      render: (_: unknown, r) => r.realName ?? '-',
    },
    {
      key: 'contact',
      title: t('platformSystem.contractors.phoneOrEmail'),
      render: (_: unknown, r) => r.phone ?? r.email ?? '-',
    },
    {
      key: 'company',
      title: t('platformSystem.contractors.company'),
      render: (_: unknown, r) => r.contractorCompany ?? '-',
    },
    {
      key: 'person',
      title: t('platformSystem.contractors.contact'),
      render: (_: unknown, r) => r.contractorContact ?? '-',
    },
    {
      key: 'status',
      title: t('platformSystem.contractors.status'),
      render: (_: unknown, r) => (
        <Space direction="vertical" size={0}>
          <Tag color={r.status === 'certified' ? 'green' : 'default'} data-testid="contractor-status">
            {t(`platformSystem.contractors.statuses.${r.status}`)}
          </Tag>
          {r.status === 'uncertified' && r.certifiedCompany ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('platformSystem.contractors.voided', { company: r.certifiedCompany })}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      key: 'decided',
      title: t('platformSystem.contractors.decided'),
      render: (_: unknown, r) => (r.decidedAt ? `${formatTime(r.decidedAt)} · ${r.deciderName ?? '-'}` : '-'),
    },
    {
      key: 'actions',
      title: t('platformSystem.actions'),
      render: (_: unknown, r) =>
        isAdmin ? (
          <IfAction action="edit">
            <Space>
              <Button size="small" type="link" onClick={() => setEditing(r)}>
                {t('platformSystem.edit')}
              </Button>
              {r.status === 'certified' ? (
                <Button size="small" type="link" danger onClick={() => void decide(r, 'uncertified')}>
                  {t('platformSystem.contractors.withdraw')}
                </Button>
              ) : (
                <Button
                  size="small"
                  type="link"
                  disabled={!r.contractorCompany || !r.contractorContact}
                  onClick={() => void decide(r, 'certified')}
                  data-testid="contractor-certify"
                >
                  {t('platformSystem.contractors.certify')}
                </Button>
              )}
            </Space>
          </IfAction>
        ) : null,
    },
  ];

  return (
    <>
      <ListPage<Contractor>
        queryKey={platformSystemKeys.contractors}
        fetchPage={(values, signal) => contractorsApi.page(values, signal)}
        columns={columns}
        rowKey="accountId"
        filters={
          <>
            <Form.Item name="userName" label={t('platformSystem.contractors.userName')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
            <Form.Item name="contractorCompany" label={t('platformSystem.contractors.company')}>
              <Input allowClear maxLength={CONTRACTOR_FIELD_MAX} />
            </Form.Item>
            <Form.Item name="status" label={t('platformSystem.contractors.status')}>
              <Select
                allowClear
                style={{ minWidth: 140 }}
                options={CONTRACTOR_STATUSES.map((s) => ({
                  value: s,
                  label: t(`platformSystem.contractors.statuses.${s}`),
                }))}
              />
            </Form.Item>
          </>
        }
      />
      <Modal
        open={editing !== null}
        title={`${t('platformSystem.contractors.edit')} · ${editing?.userName ?? ''}`}
        okText={t('platformSystem.save')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          {(['contractorCompany', 'contractorContact'] as const).map((name) => {
            const label = t(
              `platformSystem.contractors.${name === 'contractorCompany' ? 'company' : 'contact'}`,
            );
            return (
              <Form.Item
                key={name}
                name={name}
                label={label}
                required
                rules={[
                  {
                    required: true,
                    whitespace: true,
                    message: t('platformSystem.required', { field: label }),
                  },
                ]}
              >
                <Input maxLength={CONTRACTOR_FIELD_MAX} showCount />
              </Form.Item>
            );
          })}
          <Typography.Text type="secondary">{t('platformSystem.contractors.editHint')}</Typography.Text>
        </Form>
      </Modal>
    </>
  );
}
