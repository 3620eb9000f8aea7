import {
  APP_RELEASE_NOTES_MAX,
  APP_STORE_URL_MAX,
  type AppType,
  type AppVersion,
  appVersionInsertSchema,
  FIRMWARE_VALUE_MAX,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Switch, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { appVersionApi, firmwareKeys } from '../../../api/firmware.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { schemaRule } from '../../../components/schema-rules.ts';
import { CrudButtons } from '../../product/crud-buttons.tsx';
import { FormModal, formatTime } from '../../product/shared.tsx';

interface AppFields {
  version: string;
  releaseNotes: string;
  forced: boolean;
  storeUrl?: string;
}

/**
 * The app releases of this platform of one kind: apk package management (an uploaded .apk or a store
 * link) and iOS upgrade entries (the App Store link), each with release notes and a forced flag.
 */
export function AppVersionsPage({ appType }: { appType: AppType }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const api = useMemo(() => appVersionApi(appType), [appType]);
  const [form] = Form.useForm<AppFields>();
  const [editing, setEditing] = useState<AppVersion | 'new' | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const current = editing === 'new' ? null : editing;
  const listKey = [...firmwareKeys.apps, appType] as const;
  const shape = appVersionInsertSchema.shape;

  useEffect(() => {
    if (editing === null) return;
    setFile(null);
    form.setFieldsValue({
      version: current?.version ?? '',
      releaseNotes: current?.releaseNotes ?? '',
      forced: current?.forced === 1,
      storeUrl: current?.storeUrl ?? '',
    });
  }, [editing, current, form]);

  const refresh = () => void queryClient.invalidateQueries({ queryKey: firmwareKeys.apps });

  const save = async (values: AppFields) => {
    setSaving(true);
    try {
      const storeUrl = values.storeUrl?.trim() || undefined;
      if (current) {
        await api.update({
          id: current.id,
          releaseNotes: values.releaseNotes.trim(),
          forced: values.forced ? 1 : 0,
          storeUrl: storeUrl ?? null,
        });
      } else {
        const uploaded = file ? await api.upload(file) : null;
        await api.insert({
          version: values.version.trim(),
          releaseNotes: values.releaseNotes.trim(),
          forced: values.forced ? 1 : 0,
          ...(storeUrl ? { storeUrl } : {}),
          ...(uploaded ? { fileKey: uploaded.fileKey, fileName: uploaded.fileName } : {}),
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

  const columns: ColumnsType<AppVersion> = [
    { dataIndex: 'version', title: t('firmware.app.version') },
    { dataIndex: 'releaseNotes', title: t('firmware.app.releaseNotes'), ellipsis: true },
    {
      dataIndex: 'forced',
      title: t('firmware.app.forced'),
      width: 110,
      render: (forced: number) =>
        forced === 1 ? <Tag color="red">{t('firmware.app.yes')}</Tag> : <Tag>{t('firmware.app.no')}</Tag>,
    },
    {
      key: 'source',
      title: appType === 'android' ? t('firmware.app.package') : t('firmware.app.storeUrl'),
      render: (_, row) =>
        row.downloadUrl ? (
          <a href={row.downloadUrl}>{row.fileName ?? t('firmware.app.download')}</a>
        ) : row.storeUrl ? (
          <a href={row.storeUrl} target="_blank" rel="noreferrer">
            {row.storeUrl}
          </a>
        ) : (
          '-'
        ),
    },
    { dataIndex: 'createdAt', title: t('firmware.common.createdAt'), width: 180, render: formatTime },
  ];

  const addLabel = appType === 'android' ? t('firmware.app.addApk') : t('firmware.app.addIos');
  return (
    <>
      <ListPage<AppVersion>
        queryKey={listKey}
        fetchPage={(request, signal) => api.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        toolbar={({ rows }) => (
          <CrudButtons
            rows={rows}
            testId={`app-${appType}`}
            addLabel={addLabel}
            onAdd={() => setEditing('new')}
            onEdit={setEditing}
            remove={api.remove}
            refresh={refresh}
          />
        )}
      />
      <FormModal<AppFields>
        open={editing !== null}
        title={current ? t('firmware.app.edit') : addLabel}
        form={form}
        saving={saving}
        onSubmit={(values) => void save(values)}
        onCancel={() => setEditing(null)}
        testId={`app-${appType}-form`}
      >
        <Form.Item
          name="version"
          label={t('firmware.app.version')}
          required
          rules={current ? [] : [schemaRule(shape.version, t('firmware.app.version'))]}
        >
          <Input disabled={Boolean(current)} maxLength={FIRMWARE_VALUE_MAX} />
        </Form.Item>
        <Form.Item
          name="releaseNotes"
          label={t('firmware.app.releaseNotes')}
          required
          rules={[schemaRule(shape.releaseNotes, t('firmware.app.releaseNotes'))]}
        >
          <Input.TextArea rows={5} maxLength={APP_RELEASE_NOTES_MAX} showCount />
        </Form.Item>
        <Form.Item name="forced" label={t('firmware.app.forced')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="storeUrl"
          label={t('firmware.app.storeUrl')}
          extra={appType === 'ios' ? t('firmware.app.iosHint') : t('firmware.app.sourceHint')}
        >
          <Input maxLength={APP_STORE_URL_MAX} placeholder="https://" />
        </Form.Item>
        {appType === 'android' && !current && (
          <Form.Item label={t('firmware.app.package')}>
            <Upload
              accept=".apk"
              maxCount={1}
              beforeUpload={(chosen) => {
                setFile(chosen);
                return false;
              }}
              onRemove={() => setFile(null)}
              fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}
            >
              <Button>{t('firmware.common.chooseFile')}</Button>
            </Upload>
          </Form.Item>
        )}
      </FormModal>
    </>
  );
}
