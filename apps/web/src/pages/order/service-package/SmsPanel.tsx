import {
  PACKAGE_CURRENCIES,
  SERVICE_PACKAGE_LIMITS,
  SMS_PACKAGE_KINDS,
  type SmsPackage,
} from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { servicePackageKeys, servicePackagesApi } from '../../../api/service-packages.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatMoney, toCents, toUnits } from './money.ts';

const L = SERVICE_PACKAGE_LIMITS;
interface Fields {
  kind: 'sms' | 'voice';
  countryCode: string;
  currency: 'CNY' | 'USD';
  packageName: string;
  count: number;
  packageFee: number;
  initialFee: number;
}

/** SMS and voice packages per country code (at most 5 of each), with import from CSV or XLSX. */
export function SmsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [countryCode, setCountryCode] = useState<string | undefined>();
  const [editing, setEditing] = useState<SmsPackage | 'new' | null>(null);
  const list = useQuery({
    queryKey: [...servicePackageKeys.sms, countryCode ?? ''],
    queryFn: ({ signal }) => servicePackagesApi.smsPackages(countryCode ? { countryCode } : {}, signal),
  });
  const rows = list.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: servicePackageKeys.sms });

  const open = (row: SmsPackage | 'new') => {
    setEditing(row);
    form.setFieldsValue(
      row === 'new'
        ? {
            kind: 'sms',
            countryCode: countryCode ?? '86',
            currency: 'CNY',
            packageName: '',
            count: 100,
            packageFee: 0,
            initialFee: 0,
          }
        : { ...row, packageFee: toUnits(row.packageFee), initialFee: toUnits(row.initialFee) },
    );
  };
  const save = async (v: Fields) => {
    const body = {
      ...v,
      countryCode: v.countryCode.trim().replace(/^\+/, ''),
      packageName: v.packageName.trim(),
      packageFee: toCents(v.packageFee),
      initialFee: toCents(v.initialFee),
    };
    try {
      if (editing === 'new') await servicePackagesApi.insertSms(body);
      else if (editing) await servicePackagesApi.updateSms({ ...body, id: editing.id });
      toastSuccess(editing === 'new' ? 'add' : 'edit');
      setEditing(null);
      refresh();
    } catch {
      // The http client has shown the server's message.
    }
  };
  /** Moves a package within its country code and kind. */
  const move = async (row: SmsPackage, by: -1 | 1) => {
    const group = rows.filter((r) => r.countryCode === row.countryCode && r.kind === row.kind);
    const ids = group.map((r) => r.id);
    const index = ids.indexOf(row.id);
    const other = ids[index + by];
    if (other === undefined) return;
    ids[index + by] = row.id;
    ids[index] = other;
    await servicePackagesApi.sortSms({ ids });
    refresh();
  };

  return (
    <>
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          placeholder={t('servicePackageAdmin.fields.countryCode')}
          aria-label={t('servicePackageAdmin.fields.countryCode')}
          style={{ width: 160 }}
          onChange={(e) => setCountryCode(e.target.value.trim().replace(/^\+/, '') || undefined)}
        />
        <IfAction action="add">
          <Button type="primary" onClick={() => open('new')} data-testid="sms-add">
            {t('servicePackageAdmin.addSms')}
          </Button>
        </IfAction>
        <IfAction action="import">
          <Upload
            accept=".csv,.xlsx"
            showUploadList={false}
            beforeUpload={(file) => {
              void servicePackagesApi
                .importSms(file)
                .then((r) => {
                  flash(
                    'success',
                    t('servicePackageAdmin.imported', { inserted: r.inserted, updated: r.updated }),
                  );
                  refresh();
                })
                .catch(() => undefined);
              return false;
            }}
          >
            <Button>{t('servicePackageAdmin.import')}</Button>
          </Upload>
        </IfAction>
      </Space>
      <p>{t('servicePackageAdmin.importHint')}</p>
      <Table<SmsPackage>
        rowKey="id"
        loading={list.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            dataIndex: 'countryCode',
            title: t('servicePackageAdmin.fields.countryCode'),
            render: (v: string) => `+${v}`,
          },
          {
            dataIndex: 'kind',
            title: t('servicePackageAdmin.fields.kind'),
            render: (v: string) => t(`servicePackageAdmin.kinds.${v === 'voice' ? 'voice' : 'sms'}`),
          },
          { dataIndex: 'packageName', title: t('servicePackageAdmin.fields.packageName') },
          { dataIndex: 'count', title: t('servicePackageAdmin.fields.count') },
          {
            dataIndex: 'packageFee',
            title: t('servicePackageAdmin.fields.packageFee'),
            render: (v: number, r) => formatMoney(v, r.currency),
          },
          {
            dataIndex: 'initialFee',
            title: t('servicePackageAdmin.fields.initialFee'),
            render: (v: number, r) => formatMoney(v, r.currency),
          },
          {
            key: 'actions',
            title: t('servicePackageAdmin.actions'),
            render: (_: unknown, row) => (
              <Space size={4} wrap>
                <IfAction action="edit">
                  <Button size="small" onClick={() => open(row)}>
                    {t('servicePackageAdmin.edit')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('servicePackageAdmin.moveUp')}
                    onClick={() => void move(row, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('servicePackageAdmin.moveDown')}
                    onClick={() => void move(row, 1)}
                  >
                    ↓
                  </Button>
                </IfAction>
                <IfAction action="delete">
                  <Button
                    size="small"
                    danger
                    onClick={() =>
                      void confirmPrompt({
                        kind: 'delete',
                        onOk: async () => {
                          await servicePackagesApi.removeSms(row.id);
                          toastSuccess('delete');
                          refresh();
                        },
                      })
                    }
                  >
                    {t('servicePackageAdmin.delete')}
                  </Button>
                </IfAction>
              </Space>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('servicePackageAdmin.addSms') : t('servicePackageAdmin.editSms')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="kind" label={t('servicePackageAdmin.fields.kind')}>
            <Select
              options={SMS_PACKAGE_KINDS.map((k) => ({
                value: k,
                label: t(`servicePackageAdmin.kinds.${k}`),
              }))}
            />
          </Form.Item>
          <Form.Item
            name="countryCode"
            label={t('servicePackageAdmin.fields.countryCode')}
            rules={[{ required: true, pattern: /^\+?\d{1,4}$/ }]}
          >
            <Input maxLength={5} inputMode="numeric" />
          </Form.Item>
          <Form.Item name="currency" label={t('servicePackageAdmin.fields.currency')}>
            <Select options={PACKAGE_CURRENCIES.map((c) => ({ value: c, label: c }))} />
          </Form.Item>
          <Form.Item
            name="packageName"
            label={t('servicePackageAdmin.fields.packageName')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={L.smsNameMax} showCount />
          </Form.Item>
          <Form.Item name="count" label={t('servicePackageAdmin.fields.count')} rules={[{ required: true }]}>
            <InputNumber min={1} max={L.smsCountMax} precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="packageFee"
            label={t('servicePackageAdmin.fields.packageFee')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={L.feeMax / 100} precision={2} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="initialFee"
            label={t('servicePackageAdmin.fields.initialFee')}
            rules={[{ required: true }]}
          >
            <InputNumber min={0} max={L.feeMax / 100} precision={2} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
