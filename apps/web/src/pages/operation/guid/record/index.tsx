import { GUID_DEVICE_TAGS, GUID_ORDER_CODE_MAX, type GuidBatch, type GuidDeviceTag } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useDeviceTypeOptions } from '../../../../api/catalogue.ts';
import { guidKeys, guidsApi } from '../../../../api/guids.ts';
import { saveFile } from '../../../../api/http.ts';
import { toastSuccess } from '../../../../app/feedback.ts';
import { IfAction, IfPermission } from '../../../../components/Access.tsx';
import { ListPage } from '../../../../components/ListPage.tsx';
import { requireSelection } from '../../../../components/selection.ts';
import { formatTime } from '../../../product/shared.tsx';
import { GenerateModal } from '../index.tsx';

const LIST_KEY = [...guidKeys.batches, 'page'] as const;

/**
 * /operation/guid/record: the GUID export records (002 §3 Device GUID export): every generated batch
 * with its order code, type, tag, domain, how many GUIDs are used or locked, and how often it was
 * downloaded; a batch downloads again, or opens its GUIDs in the GUID list.
 */
export default function GuidRecordPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const types = useDeviceTypeOptions();
  const [busy, setBusy] = useState(false);
  const [generating, setGenerating] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: guidKeys.batches });

  const download = async (rows: GuidBatch[]) => {
    const [only] = rows;
    if (!requireSelection(rows.length, 'one') || !only) return;
    setBusy(true);
    try {
      saveFile(await guidsApi.exportBatch(only.id));
      toastSuccess('export');
    } catch {
      // The http client has shown why.
    } finally {
      setBusy(false);
      refresh();
    }
  };

  const columns: ColumnsType<GuidBatch> = [
    { dataIndex: 'orderCode', title: t('backOfficeDevices.fields.orderCode') },
    { dataIndex: 'typeName', title: t('backOfficeDevices.fields.deviceType') },
    {
      dataIndex: 'deviceTag',
      title: t('backOfficeDevices.fields.deviceTag'),
      width: 100,
      render: (tag: GuidDeviceTag) => t(`backOfficeDevices.deviceTag.${tag}`),
    },
    { dataIndex: 'domain', title: t('backOfficeDevices.fields.domain') },
    { dataIndex: 'num', title: t('backOfficeDevices.fields.num'), width: 90, align: 'right' },
    { dataIndex: 'usedCount', title: t('backOfficeDevices.fields.usedCount'), width: 90, align: 'right' },
    { dataIndex: 'lockedCount', title: t('backOfficeDevices.fields.lockedCount'), width: 90, align: 'right' },
    { dataIndex: 'exportCount', title: t('backOfficeDevices.fields.exportCount'), width: 90, align: 'right' },
    {
      dataIndex: 'lastExportedAt',
      title: t('backOfficeDevices.fields.lastExportedAt'),
      width: 170,
      render: formatTime,
    },
    { dataIndex: 'creatorName', title: t('backOfficeDevices.fields.creator') },
    {
      dataIndex: 'createdAt',
      title: t('backOfficeDevices.fields.createdAt'),
      width: 170,
      render: formatTime,
    },
  ];

  return (
    <>
      <ListPage<GuidBatch>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => guidsApi.batchPage(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="orderCode" label={t('backOfficeDevices.fields.orderCode')}>
              <Input allowClear maxLength={GUID_ORDER_CODE_MAX} data-testid="guid-record-filter-order" />
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
            <Form.Item name="deviceTag" label={t('backOfficeDevices.fields.deviceTag')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.select')}
                options={GUID_DEVICE_TAGS.map((tag) => ({
                  value: tag,
                  label: t(`backOfficeDevices.deviceTag.${tag}`),
                }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            <IfPermission permission="operation.guid" action="add">
              <Button type="primary" onClick={() => setGenerating(true)} data-testid="guid-record-generate">
                {t('backOfficeDevices.guid.generate')}
              </Button>
            </IfPermission>
            <IfPermission permission="operation.guid" action="export">
              <Button loading={busy} onClick={() => void download(rows)} data-testid="guid-record-export">
                {t('backOfficeDevices.guid.export')}
              </Button>
            </IfPermission>
            <IfAction action="query">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only)
                    void navigate(`/operation/guid?batchId=${only.id}`);
                }}
                data-testid="guid-record-show"
              >
                {t('backOfficeDevices.guid.showGuids')}
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
