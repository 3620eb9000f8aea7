import {
  FIRMWARE_DESCRIPTION_MAX,
  FIRMWARE_LABEL_MAX,
  FIRMWARE_VALUE_MAX,
  type SoftwareVersion,
  softwareVersionInsertSchema,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { firmwareKeys, versionApi } from '../../../api/firmware.ts';
import { flash, toastSuccess } from '../../../app/feedback.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { schemaRule } from '../../../components/schema-rules.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { FormModal, formatTime } from '../shared.tsx';

const LIST_KEY = [...firmwareKeys.versions, 'page'] as const;

interface VersionFields {
  deviceTypeId?: number;
  value: string;
  label: string;
  description?: string;
}

/** Bytes as KB or MB, one decimal. */
export function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${(bytes / 1024).toFixed(1)} KB`;
}

/** /product/version: firmware versions per device type, each with its file (002 §3 DeviceSoftwareVersion). */
export default function VersionPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<VersionFields>();
  const [editing, setEditing] = useState<SoftwareVersion | 'new' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const types = useDeviceTypeOptions();
  const current = editing === 'new' ? null : editing;
  const typeOptions = (types.data ?? []).map((type) => ({
    value: type.id,
    label: `${type.typeName} (${type.typeCode})`,
  }));

  useEffect(() => {
    if (editing === null) return;
    setFile(null);
    form.setFieldsValue({
      deviceTypeId: current?.deviceTypeId,
      value: current?.value ?? '',
      label: current?.label ?? '',
      description: current?.description ?? '',
    });
  }, [editing, current, form]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: firmwareKeys.versions });

  const save = async (values: VersionFields) => {
    setSaving(true);
    try {
      if (current) {
        await versionApi.update({
          id: current.id,
          label: values.label.trim(),
          description: values.description?.trim() ?? '',
        });
      } else {
        if (!file || values.deviceTypeId === undefined) {
          flash('warning', t('firmware.common.fileRequired'));
          return;
        }
        const uploaded = await versionApi.upload(file);
        await versionApi.insert({
          deviceTypeId: values.deviceTypeId,
          value: values.value.trim(),
          label: values.label.trim(),
          ...(values.description?.trim() ? { description: values.description.trim() } : {}),
          fileKey: uploaded.fileKey,
          fileName: uploaded.fileName,
        });
      }
      toastSuccess(current ? 'edit' : 'add');
      setEditing(null);
      refresh();
    } catch {
      // The server's message was shown by the client.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<SoftwareVersion> = [
    { dataIndex: 'typeName', title: t('firmware.common.deviceType') },
    { dataIndex: 'value', title: t('firmware.common.value'), sorter: true },
    { dataIndex: 'label', title: t('firmware.common.label'), sorter: true },
    { dataIndex: 'description', title: t('firmware.common.description'), ellipsis: true },
    { dataIndex: 'fileName', title: t('firmware.common.file') },
    { dataIndex: 'fileSize', title: t('firmware.common.fileSize'), width: 110, render: formatSize },
    { dataIndex: 'createdAt', title: t('firmware.common.createdAt'), width: 180, render: formatTime },
  ];

  const shape = softwareVersionInsertSchema.shape;
  return (
    <>
      <ListPage<SoftwareVersion>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => versionApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="deviceTypeId" label={t('firmware.common.deviceType')}>
              <Select
                allowClear
                showSearch
                optionFilterProp="label"
                options={typeOptions}
                style={{ width: 220 }}
              />
            </Form.Item>
            <Form.Item name="value" label={t('firmware.common.value')}>
              <Input allowClear maxLength={FIRMWARE_VALUE_MAX} />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <CrudButtons
            rows={rows}
            testId="firmware-version"
            addLabel={t('firmware.version.add')}
            onAdd={() => setEditing('new')}
            onEdit={setEditing}
            remove={versionApi.remove}
            refresh={refresh}
          />
        )}
      />
      <FormModal<VersionFields>
        open={editing !== null}
        title={current ? t('firmware.version.edit') : t('firmware.version.add')}
        form={form}
        saving={saving}
        onSubmit={(values) => void save(values)}
        onCancel={() => setEditing(null)}
        testId="firmware-version-form"
      >
        <Form.Item
          name="deviceTypeId"
          label={t('firmware.common.deviceType')}
          rules={[{ required: !current, message: t('firmware.upgrade.noType') }]}
        >
          <Select
            disabled={Boolean(current)}
            showSearch
            optionFilterProp="label"
            options={typeOptions}
            data-testid="firmware-version-type"
          />
        </Form.Item>
        <Form.Item
          name="value"
          label={t('firmware.common.value')}
          extra={t('firmware.version.valueHint')}
          required
          rules={current ? [] : [schemaRule(shape.value, t('firmware.common.value'))]}
        >
          <Input
            disabled={Boolean(current)}
            maxLength={FIRMWARE_VALUE_MAX}
            data-testid="firmware-version-value"
          />
        </Form.Item>
        <Form.Item
          name="label"
          label={t('firmware.common.label')}
          required
          rules={[schemaRule(shape.label, t('firmware.common.label'))]}
        >
          <Input maxLength={FIRMWARE_LABEL_MAX} showCount data-testid="firmware-version-label" />
        </Form.Item>
        <Form.Item name="description" label={t('firmware.common.description')}>
          <Input.TextArea maxLength={FIRMWARE_DESCRIPTION_MAX} showCount rows={3} />
        </Form.Item>
        {!current && (
          <Form.Item label={t('firmware.common.file')} required>
            <Upload
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button data-testid="firmware-version-file">{t('firmware.common.chooseFile')}</Button>
            </Upload>
          </Form.Item>
        )}
      </FormModal>
    </>
  );
}
