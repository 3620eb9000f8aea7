import {
  APPROVER_MAX,
  type DeviceDetail,
  MAINTAIN_TEXT_MAX,
  MAINTAINER_MAX,
  type MaintainRecord,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, DatePicker, Form, Input, Modal } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceKeys, devicesApi } from '../../../api/devices.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { formatZonedDate, formatZonedIso } from '../../../components/clock.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { showFormError } from '../shared/form-errors.ts';

interface Fields {
  reportDate: Dayjs;
  period: [Dayjs, Dayjs];
  maintainer: string;
  approver?: string;
  reason?: string;
  content?: string;
  standard?: string;
  result?: string;
}

const TEXTS = ['reason', 'content', 'standard', 'result'] as const;
const FIELDS = ['reportDate', 'period', 'maintainer', 'approver', ...TEXTS] as const;

const textOrNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/**
 * Maintenance records of the device (002 §3): report date, period, maintainer (50), approver (20),
 * reason, content, standard and result (1000 each); added, edited and deleted with the list page's
 * selection rules and the delete prompt.
 */
export function MaintenanceTab({ device, canEdit }: { device: DeviceDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<MaintainRecord | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const key = deviceKeys.maintain(device.id);
  const editable = canEdit && device.useState !== 'scrapped';

  const open = (record: MaintainRecord | 'new') => {
    setEditing(record);
    form.resetFields();
    if (record === 'new') {
      form.setFieldsValue({ reportDate: dayjs() });
      return;
    }
    form.setFieldsValue({
      reportDate: dayjs(record.reportDate),
      period: [dayjs(record.startTime), dayjs(record.endTime)],
      maintainer: record.maintainer,
      approver: record.approver ?? undefined,
      reason: record.reason ?? undefined,
      content: record.content ?? undefined,
      standard: record.standard ?? undefined,
      result: record.result ?? undefined,
    });
  };

  const save = async (values: Fields) => {
    const [from, to] = values.period;
    const body = {
      reportDate: values.reportDate.toISOString(),
      startTime: from.toISOString(),
      endTime: to.toISOString(),
      maintainer: values.maintainer.trim(),
      approver: textOrNull(values.approver),
      reason: textOrNull(values.reason),
      content: textOrNull(values.content),
      standard: textOrNull(values.standard),
      result: textOrNull(values.result),
    };
    setSaving(true);
    try {
      if (editing === 'new') await devicesApi.maintainInsert({ deviceId: device.id, ...body });
      else if (editing) await devicesApi.maintainUpdate({ id: editing.id, ...body });
      toastSuccess(editing === 'new' ? 'add' : 'edit');
      setEditing(null);
      await queryClient.invalidateQueries({ queryKey: key });
    } catch (error) {
      // Server field names: startTime and endTime are the period here.
      showFormError(form, error, FIELDS);
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<MaintainRecord> = [
    {
      dataIndex: 'reportDate',
      title: t('device.maintain.reportDate'),
      render: (v: string) => formatZonedDate(v, device.timeZone),
    },
    {
      key: 'period',
      title: t('device.maintain.period'),
      render: (_: unknown, row) =>
        `${formatZonedIso(row.startTime, device.timeZone, false)} ~ ${formatZonedIso(row.endTime, device.timeZone, false)}`,
    },
    { dataIndex: 'maintainer', title: t('device.maintain.maintainer') },
    { dataIndex: 'approver', title: t('device.maintain.approver'), render: (v: string | null) => v ?? '-' },
    {
      dataIndex: 'reason',
      title: t('device.maintain.reason'),
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'result',
      title: t('device.maintain.result'),
      ellipsis: true,
      render: (v: string | null) => v ?? '-',
    },
  ];

  return (
    <>
      <ListPage<MaintainRecord>
        queryKey={key}
        fetchPage={(request, signal) =>
          devicesApi.maintainList(
            { deviceId: device.id, start: request.start, pageSize: request.pageSize },
            signal,
          )
        }
        columns={columns}
        rowKey="id"
        selectable={editable}
        toolbar={
          editable
            ? ({ rows }) => (
                <>
                  <Button type="primary" onClick={() => open('new')} data-testid="maintain-add">
                    {t('device.maintain.add')}
                  </Button>
                  <Button
                    onClick={() => {
                      const [only] = rows;
                      if (requireSelection(rows.length, 'one') && only) open(only);
                    }}
                    data-testid="maintain-edit"
                  >
                    {t('device.maintain.edit')}
                  </Button>
                  <Button
                    danger
                    onClick={() => {
                      if (!requireSelection(rows.length, 'some')) return;
                      void confirmPrompt({
                        kind: 'delete',
                        onOk: async () => {
                          try {
                            for (const row of rows) await devicesApi.maintainDelete(row.id);
                            toastSuccess('delete');
                          } catch {
                            // The http client has shown the server's message.
                          } finally {
                            await queryClient.invalidateQueries({ queryKey: key });
                          }
                        },
                      });
                    }}
                    data-testid="maintain-delete"
                  >
                    {t('device.maintain.delete')}
                  </Button>
                </>
              )
            : undefined
        }
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('device.maintain.add') : t('device.maintain.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        width={640}
        destroyOnHidden
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item
            name="reportDate"
            label={t('device.maintain.reportDate')}
            rules={[{ required: true, message: t('device.maintain.required') }]}
          >
            <DatePicker style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="period"
            label={t('device.maintain.period')}
            rules={[
              { required: true, message: t('device.maintain.required') },
              {
                validator: (_rule, value: [Dayjs, Dayjs] | undefined) =>
                  !value || value[1].isAfter(value[0])
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('device.maintain.endAfterStart'))),
              },
            ]}
          >
            <DatePicker.RangePicker showTime style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="maintainer"
            label={t('device.maintain.maintainer')}
            rules={[{ required: true, whitespace: true, message: t('device.maintain.required') }]}
          >
            <Input maxLength={MAINTAINER_MAX} showCount data-testid="maintain-maintainer" />
          </Form.Item>
          <Form.Item name="approver" label={t('device.maintain.approver')}>
            <Input maxLength={APPROVER_MAX} showCount />
          </Form.Item>
          {TEXTS.map((name) => (
            <Form.Item key={name} name={name} label={t(`device.maintain.${name}`)}>
              <Input.TextArea rows={2} maxLength={MAINTAIN_TEXT_MAX} showCount />
            </Form.Item>
          ))}
        </Form>
      </Modal>
    </>
  );
}
