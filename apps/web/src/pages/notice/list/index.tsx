import { NOTICE_CONTENT_MAX, type Notice, type NoticeInsert } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Radio, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeAdmin, noticeKeys } from '../../../api/notices.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';

const LIST_KEY = ['notice', 'admin'] as const;

interface Fields {
  noticeContent: string;
  noticeCamp: 0 | 1;
  active: boolean;
}

/**
 * The back office's notices (000 §2.5 /notice/list): what the notice modal shows to the platform's
 * accounts. Built on the shared list page, selection rules, confirm prompts and success toasts.
 */
export default function NoticeListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<Notice | 'new' | null>(null);
  const [saving, setSaving] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: LIST_KEY });
    void queryClient.invalidateQueries({ queryKey: noticeKeys.current });
  };

  const open = (notice: Notice | 'new') => {
    setEditing(notice);
    form.setFieldsValue(
      notice === 'new'
        ? { noticeContent: '', noticeCamp: 1, active: true }
        : {
            noticeContent: notice.noticeContent,
            noticeCamp: notice.noticeCamp === 0 ? 0 : 1,
            active: notice.active === 1,
          },
    );
  };

  const save = async (values: Fields) => {
    const body: NoticeInsert = {
      noticeContent: values.noticeContent.trim(),
      noticeCamp: values.noticeCamp,
      noticePlatform: 1,
      noticeType: 1,
      active: values.active ? 1 : 0,
    };
    setSaving(true);
    try {
      if (editing === 'new') await noticeAdmin.insert(body);
      else if (editing) await noticeAdmin.update({ id: editing.id, ...body });
      toastSuccess(editing === 'new' ? 'add' : 'edit');
      setEditing(null);
      refresh();
    } catch {
      // The http client has shown the server's message; the dialog stays for a correction.
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<Notice> = [
    { dataIndex: 'noticeContent', title: t('noticeAdmin.content'), ellipsis: true },
    {
      dataIndex: 'noticeCamp',
      title: t('noticeAdmin.camp'),
      width: 140,
      render: (camp: number) => (camp === 0 ? t('noticeAdmin.overseas') : t('noticeAdmin.mainland')),
    },
    {
      dataIndex: 'active',
      title: t('noticeAdmin.active'),
      width: 110,
      render: (active: number) =>
        active === 1 ? <Tag color="green">{t('noticeAdmin.on')}</Tag> : <Tag>{t('noticeAdmin.off')}</Tag>,
    },
    {
      dataIndex: 'createdAt',
      title: t('noticeAdmin.createdAt'),
      width: 200,
      render: (v: string) => v.slice(0, 19).replace('T', ' '),
    },
  ];

  return (
    <>
      <ListPage<Notice>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => noticeAdmin.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <Form.Item name="noticeContent" label={t('noticeAdmin.content')}>
            <EmojiFreeInput allowClear data-testid="notice-filter" />
          </Form.Item>
        }
        toolbar={({ rows }) => (
          <>
            <IfAction action="add">
              <Button type="primary" onClick={() => open('new')} data-testid="notice-add">
                {t('noticeAdmin.add')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only) open(only);
                }}
                data-testid="notice-edit"
              >
                {t('noticeAdmin.edit')}
              </Button>
            </IfAction>
            <IfAction action="delete">
              <Button
                danger
                onClick={() => {
                  if (!requireSelection(rows.length, 'some')) return;
                  void confirmPrompt({
                    kind: 'delete',
                    onOk: async () => {
                      for (const row of rows) await noticeAdmin.remove(row.id);
                      toastSuccess('delete');
                      refresh();
                    },
                  });
                }}
                data-testid="notice-delete"
              >
                {t('noticeAdmin.delete')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('noticeAdmin.add') : t('noticeAdmin.edit')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" onFinish={(values) => void save(values)}>
          <Form.Item
            name="noticeContent"
            label={t('noticeAdmin.content')}
            rules={[{ required: true, whitespace: true, message: t('noticeAdmin.contentRequired') }]}
          >
            <Input.TextArea
              rows={6}
              maxLength={NOTICE_CONTENT_MAX}
              showCount
              data-testid="notice-content-input"
            />
          </Form.Item>
          <Form.Item name="noticeCamp" label={t('noticeAdmin.camp')}>
            <Radio.Group
              options={[
                { value: 1, label: t('noticeAdmin.mainland') },
                { value: 0, label: t('noticeAdmin.overseas') },
              ]}
            />
          </Form.Item>
          <Form.Item name="active" label={t('noticeAdmin.active')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
