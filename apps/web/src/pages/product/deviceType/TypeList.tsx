import { UploadOutlined } from '@ant-design/icons';
import {
  DEVICE_TYPE_CODE_DIGITS,
  DEVICE_TYPE_NAME_MAX,
  DEVICE_TYPE_PUBLISHED,
  DEVICE_TYPE_STATUSES,
  type DeviceType,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Select, Tag, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { catalogueKeys, deviceTypeApi } from '../../../api/catalogue.ts';
import { saveFile } from '../../../api/http.ts';
import { confirmPrompt, flash, notify, toastSuccess } from '../../../app/feedback.ts';
import { IfAction, IfPermission } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { attempt, formatTime } from '../shared.tsx';
import { TypeForm } from './TypeForm.tsx';
import { importProblem } from './type-fields.ts';

const LIST_KEY = [...catalogueKeys.types, 'page'] as const;

export function TypeStatusTag({ status }: { status: number }) {
  const { t } = useTranslation();
  if (status === DEVICE_TYPE_PUBLISHED) return <Tag color="green">{t('catalogue.type.status2')}</Tag>;
  if (status === 1) return <Tag color="blue">{t('catalogue.type.status1')}</Tag>;
  return <Tag>{t('catalogue.type.status0')}</Tag>;
}

/**
 * Device types (002 §3, §4): query, add and edit with every field, release, push and unpush behind
 * confirms, the type's parameters, and the JSON file out and in.
 */
export function TypeList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [editing, setEditing] = useState<DeviceType | 'new' | null>(null);
  const [importing, setImporting] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.types });
  };

  /** Release, push and unpush: one type, asked first. */
  const transition = (rows: DeviceType[], kind: 'release' | 'push' | 'unpush') => {
    const [only] = rows;
    if (!requireSelection(rows.length, 'one') || !only) return;
    const texts = {
      release: ['catalogue.type.confirmRelease', 'catalogue.type.released'],
      push: ['catalogue.type.confirmPush', 'catalogue.type.pushedDone'],
      unpush: ['catalogue.type.confirmUnpush', 'catalogue.type.unpushedDone'],
    } as const;
    const [question, done] = texts[kind];
    void confirmPrompt({
      content: t(question, { name: only.typeName }),
      onOk: async () => {
        if (await attempt(() => deviceTypeApi[kind](only.id))) {
          flash('success', t(done));
          refresh();
        }
      },
    });
  };

  const exportType = async (rows: DeviceType[]) => {
    const [only] = rows;
    if (!requireSelection(rows.length, 'one') || !only) return;
    try {
      saveFile(await deviceTypeApi.exportFile(only.id));
      toastSuccess('export');
    } catch {
      // The http client has shown why.
    }
  };

  const importType = async (file: File) => {
    const problem = importProblem(file);
    if (problem) {
      notify('error', t('errors.title'), problem);
      return;
    }
    setImporting(true);
    try {
      const created = await deviceTypeApi.importFile(file);
      flash('success', t('catalogue.type.imported', { name: created.typeName }));
      refresh();
    } catch {
      // The http client has shown the server's message.
    } finally {
      setImporting(false);
    }
  };

  const columns: ColumnsType<DeviceType> = [
    { dataIndex: 'typeName', title: t('catalogue.fields.typeName'), sorter: true },
    { dataIndex: 'typeCode', title: t('catalogue.fields.typeCode'), sorter: true, width: 120 },
    {
      dataIndex: 'seriesName',
      title: t('catalogue.fields.typeSeries'),
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'typeScenes',
      title: t('catalogue.fields.typeScenes'),
      render: (scenes: number[]) =>
        scenes.map((scene, i) => (
          <Tag key={scene} color={i === 0 ? 'orange' : undefined}>
            {scene === 1 || scene === 2 || scene === 3 ? t(`catalogue.type.scene${scene}`) : scene}
          </Tag>
        )),
    },
    {
      dataIndex: 'typeStatus',
      title: t('catalogue.fields.typeStatus'),
      sorter: true,
      width: 120,
      render: (status: number) => <TypeStatusTag status={status} />,
    },
    {
      dataIndex: 'pushStatus',
      title: t('catalogue.fields.pushStatus'),
      width: 110,
      render: (pushed: number) =>
        pushed === 1 ? (
          <Tag color="green">{t('catalogue.type.pushed')}</Tag>
        ) : (
          <Tag>{t('catalogue.type.notPushed')}</Tag>
        ),
    },
    {
      dataIndex: 'addType',
      title: t('catalogue.fields.addType'),
      width: 130,
      render: (v: number) =>
        v === 1 || v === 2 ? t(`catalogue.type.addType${v}`) : t('catalogue.type.addType0'),
    },
    { dataIndex: 'updatedAt', title: t('catalogue.common.updatedAt'), width: 180, render: formatTime },
  ];

  return (
    <>
      <ListPage<DeviceType>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => deviceTypeApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="typeName" label={t('catalogue.fields.typeName')}>
              <Input allowClear maxLength={DEVICE_TYPE_NAME_MAX} data-testid="type-filter-name" />
            </Form.Item>
            <Form.Item name="typeCode" label={t('catalogue.fields.typeCode')}>
              <Input allowClear maxLength={DEVICE_TYPE_CODE_DIGITS} style={{ width: 120 }} />
            </Form.Item>
            <Form.Item name="typeStatus" label={t('catalogue.fields.typeStatus')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.select')}
                options={DEVICE_TYPE_STATUSES.map((s) => ({
                  value: s,
                  label: t(`catalogue.type.status${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="pushStatus" label={t('catalogue.fields.pushStatus')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.select')}
                options={[
                  { value: 1, label: t('catalogue.type.pushed') },
                  { value: 0, label: t('catalogue.type.notPushed') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            <CrudButtons
              rows={rows}
              testId="type"
              addLabel={t('catalogue.type.add')}
              onAdd={() => setEditing('new')}
              onEdit={setEditing}
              remove={deviceTypeApi.remove}
              refresh={refresh}
            />
            <IfAction action="edit">
              <Button onClick={() => transition(rows, 'release')} data-testid="type-release">
                {t('catalogue.type.release')}
              </Button>
            </IfAction>
            <IfAction action="enable">
              <Button onClick={() => transition(rows, 'push')} data-testid="type-push">
                {t('catalogue.type.push')}
              </Button>
            </IfAction>
            <IfAction action="disable">
              <Button onClick={() => transition(rows, 'unpush')} data-testid="type-unpush">
                {t('catalogue.type.unpush')}
              </Button>
            </IfAction>
            <IfPermission permission="product.param" action="query">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only)
                    navigate(`/product/param?typeId=${only.id}`);
                }}
                data-testid="type-params"
              >
                {t('catalogue.type.params')}
              </Button>
            </IfPermission>
            <IfAction action="export">
              <Button onClick={() => void exportType(rows)} data-testid="type-export">
                {t('catalogue.type.export')}
              </Button>
            </IfAction>
            <IfAction action="import">
              <Upload
                accept=".json,application/json"
                showUploadList={false}
                maxCount={1}
                beforeUpload={(file) => {
                  void importType(file);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />} loading={importing} data-testid="type-import">
                  {t('catalogue.type.import')}
                </Button>
              </Upload>
            </IfAction>
          </>
        )}
      />
      <TypeForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
