import {
  DEVICE_GUID_MAX,
  GUID_BATCH_MAX,
  GUID_DEVICE_TAGS,
  GUID_ORDER_CODE_MAX,
  type GuidDeviceTag,
  type GuidRow,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, InputNumber, Select, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { guidKeys, guidsApi, useGuidDomains } from '../../../api/guids.ts';
import { saveFile } from '../../../api/http.ts';
import { confirmPrompt, flash } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { requireSelection } from '../../../components/selection.ts';
import { FormModal, formatTime } from '../../product/shared.tsx';

const LIST_KEY = [...guidKeys.guids, 'page'] as const;

interface GenerateFields {
  orderCode: string;
  num: number;
  deviceTypeId: number;
  deviceTag: GuidDeviceTag;
  domainId?: number;
}

/** The generate dialog: at most 999 GUIDs of one type, tag and domain, downloaded at once. */
export function GenerateModal(props: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<GenerateFields>();
  const [saving, setSaving] = useState(false);
  const types = useDeviceTypeOptions();
  const domains = useGuidDomains(props.open);
  const label = (field: string) => t(`backOfficeDevices.fields.${field}` as 'backOfficeDevices.fields.num');

  const save = async (values: GenerateFields) => {
    setSaving(true);
    try {
      const batch = await guidsApi.generate({ ...values, orderCode: values.orderCode.trim() });
      flash('success', t('backOfficeDevices.guid.generated', { num: batch.num }));
      saveFile(await guidsApi.exportBatch(batch.id));
      form.resetFields();
      props.onDone();
    } catch (error) {
      showSaveError(form, error, {
        fields: ['orderCode', 'num', 'deviceTypeId', 'deviceTag', 'domainId'],
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal<GenerateFields>
      open={props.open}
      title={t('backOfficeDevices.guid.generateTitle')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      testId="guid-generate-form"
    >
      <Form.Item
        name="orderCode"
        label={label('orderCode')}
        rules={[{ required: true, whitespace: true }, { max: GUID_ORDER_CODE_MAX }]}
      >
        <Input maxLength={GUID_ORDER_CODE_MAX} showCount data-testid="guid-order-code" />
      </Form.Item>
      <Form.Item
        name="num"
        label={label('num')}
        extra={t('backOfficeDevices.guid.numHint', { max: GUID_BATCH_MAX })}
        rules={[{ required: true }, { type: 'integer', min: 1, max: GUID_BATCH_MAX }]}
      >
        <InputNumber
          min={1}
          max={GUID_BATCH_MAX}
          precision={0}
          style={{ width: '100%' }}
          data-testid="guid-num"
        />
      </Form.Item>
      <Form.Item name="deviceTypeId" label={label('deviceType')} rules={[{ required: true }]}>
        <Select
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('common.select')}
          options={(types.data ?? []).map((o) => ({ value: o.id, label: o.typeName }))}
          data-testid="guid-type"
        />
      </Form.Item>
      <Form.Item name="deviceTag" label={label('deviceTag')} initialValue="regular">
        <Select
          options={GUID_DEVICE_TAGS.map((tag) => ({
            value: tag,
            label: t(`backOfficeDevices.deviceTag.${tag}`),
          }))}
        />
      </Form.Item>
      <Form.Item name="domainId" label={label('domain')}>
        <Select
          allowClear
          placeholder={t('common.select')}
          options={(domains.data ?? []).map((d) => ({ value: d.id, label: `${d.title} (${d.domain})` }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/**
 * /operation/guid: generated device GUIDs (002 §4: used or unused, locked or unlocked) with filters,
 * lock and unlock, and the generation of a new batch that downloads at once.
 */
export default function GuidPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useDeviceTypeOptions();
  const [params] = useSearchParams();
  const [generating, setGenerating] = useState(false);
  const batchId = Number(params.get('batchId'));
  const initialFilters = useMemo(
    () => (Number.isInteger(batchId) && batchId > 0 ? { batchId } : undefined),
    [batchId],
  );

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: guidKeys.guids });
    void queryClient.invalidateQueries({ queryKey: guidKeys.batches });
  };

  const setLocked = (rows: GuidRow[], locked: boolean) => {
    if (!requireSelection(rows.length, 'some')) return;
    const ids = rows.map((r) => r.id);
    void confirmPrompt({
      kind: 'batch',
      title: t(locked ? 'backOfficeDevices.guid.lockConfirm' : 'backOfficeDevices.guid.unlockConfirm', {
        count: ids.length,
      }),
      onOk: async () => {
        try {
          const { count } = locked ? await guidsApi.lock(ids) : await guidsApi.unlock(ids);
          flash('success', t('backOfficeDevices.guid.done', { count }));
        } catch {
          // The http client has shown why.
        }
        refresh();
      },
    });
  };

  const columns: ColumnsType<GuidRow> = [
    { dataIndex: 'guid', title: t('backOfficeDevices.fields.guid'), width: 190 },
    { dataIndex: 'orderCode', title: t('backOfficeDevices.fields.orderCode') },
    { dataIndex: 'typeName', title: t('backOfficeDevices.fields.deviceType') },
    {
      dataIndex: 'deviceTag',
      title: t('backOfficeDevices.fields.deviceTag'),
      width: 100,
      render: (tag: GuidDeviceTag) => t(`backOfficeDevices.deviceTag.${tag}`),
    },
    { dataIndex: 'domain', title: t('backOfficeDevices.fields.domain') },
    {
      dataIndex: 'usedFlag',
      title: t('backOfficeDevices.fields.used'),
      width: 100,
      render: (used: number) =>
        used === 1 ? (
          <Tag color="blue">{t('backOfficeDevices.used.yes')}</Tag>
        ) : (
          <Tag>{t('backOfficeDevices.used.no')}</Tag>
        ),
    },
    {
      dataIndex: 'lockedFlag',
      title: t('backOfficeDevices.fields.locked'),
      width: 100,
      render: (locked: number) =>
        locked === 1 ? (
          <Tag color="red">{t('backOfficeDevices.locked.yes')}</Tag>
        ) : (
          <Tag color="green">{t('backOfficeDevices.locked.no')}</Tag>
        ),
    },
    { dataIndex: 'deviceName', title: t('backOfficeDevices.fields.deviceName') },
    { dataIndex: 'usedAt', title: t('backOfficeDevices.fields.usedAt'), width: 170, render: formatTime },
    {
      dataIndex: 'createdAt',
      title: t('backOfficeDevices.fields.createdAt'),
      width: 170,
      render: formatTime,
    },
  ];

  return (
    <>
      <ListPage<GuidRow>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => guidsApi.guidPage(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        initialFilters={initialFilters}
        filters={
          <>
            <Form.Item name="guid" label={t('backOfficeDevices.fields.guid')}>
              <Input allowClear maxLength={DEVICE_GUID_MAX} data-testid="guid-filter-guid" />
            </Form.Item>
            <Form.Item name="orderCode" label={t('backOfficeDevices.fields.orderCode')}>
              <Input allowClear maxLength={GUID_ORDER_CODE_MAX} data-testid="guid-filter-order" />
            </Form.Item>
            <Form.Item name="batchId" hidden>
              <InputNumber />
            </Form.Item>
            <Form.Item name="deviceTypeId" label={t('backOfficeDevices.fields.deviceType')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                placeholder={t('common.select')}
                options={(types.data ?? []).map((o) => ({ value: o.id, label: o.typeName }))}
              />
            </Form.Item>
            <Form.Item name="usedFlag" label={t('backOfficeDevices.fields.used')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.select')}
                options={[
                  { value: 1, label: t('backOfficeDevices.used.yes') },
                  { value: 0, label: t('backOfficeDevices.used.no') },
                ]}
              />
            </Form.Item>
            <Form.Item name="lockedFlag" label={t('backOfficeDevices.fields.locked')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.select')}
                options={[
                  { value: 1, label: t('backOfficeDevices.locked.yes') },
                  { value: 0, label: t('backOfficeDevices.locked.no') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            <IfAction action="add">
              <Button type="primary" onClick={() => setGenerating(true)} data-testid="guid-generate">
                {t('backOfficeDevices.guid.generate')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button onClick={() => setLocked(rows, true)} data-testid="guid-lock">
                {t('backOfficeDevices.guid.lock')}
              </Button>
              <Button onClick={() => setLocked(rows, false)} data-testid="guid-unlock">
                {t('backOfficeDevices.guid.unlock')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <GenerateModal
        open={generating}
        onClose={() => setGenerating(false)}
        onDone={() => {
          setGenerating(false);
          refresh();
        }}
      />
    </>
  );
}
