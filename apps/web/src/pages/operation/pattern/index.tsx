import { PATTERN_NAME_MAX, type PatternImage } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Image, Input, Modal, Space, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformSystemKeys, systemApi } from '../../../api/platform-system.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { formatTime } from '../../product/shared.tsx';

/** /operation/pattern: the platform's pattern images, uploaded (jpg or png, 2 MB) and deleted here. */
export default function PatternPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [saving, setSaving] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: platformSystemKeys.patterns });

  const submit = async () => {
    if (!file) return;
    setSaving(true);
    try {
      await systemApi.uploadPattern(name.trim(), file);
      toastSuccess('add');
      setOpen(false);
      setName('');
      setFile(null);
      await refresh();
    } catch {
      // The http client has shown why.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<PatternImage> = [
    {
      key: 'image',
      title: t('platformSystem.patterns.image'),
      width: 120,
      render: (_: unknown, row) => (
        <Image src={row.url} alt={row.name} width={80} height={60} style={{ objectFit: 'contain' }} />
      ),
    },
    { key: 'name', dataIndex: 'name', title: t('platformSystem.patterns.name') },
    {
      key: 'size',
      title: t('platformSystem.patterns.size'),
      render: (_: unknown, row) => `${Math.max(1, Math.round(row.sizeBytes / 1024))} KB`,
    },
    {
      key: 'creator',
      title: t('platformSystem.patterns.creator'),
      render: (_: unknown, row) => row.creatorName ?? '-',
    },
    {
      key: 'createdAt',
      title: t('platformSystem.createdAt'),
      render: (_: unknown, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: t('platformSystem.actions'),
      render: (_: unknown, row) => (
        <IfAction action="delete">
          <Button
            size="small"
            type="link"
            danger
            onClick={() =>
              void confirmPrompt({
                kind: 'delete',
                content: t('platformSystem.patterns.deleteConfirm', { name: row.name }),
                onOk: async () => {
                  await systemApi.deletePattern(row.id);
                  toastSuccess('delete');
                  await refresh();
                },
              })
            }
          >
            {t('platformSystem.delete')}
          </Button>
        </IfAction>
      ),
    },
  ];

  return (
    <>
      <ListPage<PatternImage>
        queryKey={platformSystemKeys.patterns}
        fetchPage={(values, signal) => systemApi.patterns(values, signal)}
        columns={columns}
        rowKey="id"
        filters={
          <Form.Item name="name" label={t('platformSystem.patterns.name')}>
            <Input allowClear maxLength={PATTERN_NAME_MAX} />
          </Form.Item>
        }
        toolbar={() => (
          <IfAction action="add">
            <Button type="primary" onClick={() => setOpen(true)} data-testid="pattern-add">
              {t('platformSystem.patterns.upload')}
            </Button>
          </IfAction>
        )}
      />
      <Modal
        open={open}
        title={t('platformSystem.patterns.upload')}
        okText={t('platformSystem.patterns.upload')}
        okButtonProps={{ disabled: !file, loading: saving }}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Space direction="vertical" style={{ width: '100%' }}>
          <label htmlFor="pattern-name">{t('platformSystem.patterns.name')}</label>
          <Input
            id="pattern-name"
            value={name}
            maxLength={PATTERN_NAME_MAX}
            showCount
            onChange={(e) => setName(e.target.value)}
            placeholder={t('platformSystem.patterns.namePlaceholder')}
          />
          <Upload
            accept=".jpg,.jpeg,.png"
            maxCount={1}
            beforeUpload={(chosen) => {
              setFile(chosen);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button>{t('platformSystem.patterns.choose')}</Button>
          </Upload>
          <Typography.Text type="secondary">{t('platformSystem.patterns.hint')}</Typography.Text>
        </Space>
      </Modal>
    </>
  );
}
