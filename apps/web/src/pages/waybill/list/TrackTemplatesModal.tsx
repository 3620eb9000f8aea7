import { TRACK_TEMPLATE_NAME_MAX, TRACK_TEMPLATE_POINTS_MAX, type TrackTemplate } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty, Form, Modal, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTrackTemplates, waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { FenceEditorMap } from '../shared/FenceEditorMap.tsx';

const NO_AREAS: never[] = [];

/**
 * Device track templates (002 §3: name up to 10): a planned route, drawn by clicking its points on
 * the map, that a waybill shows beside the real track.
 */
export function TrackTemplatesModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useTrackTemplates(open);
  const [drawing, setDrawing] = useState(false);
  const [points, setPoints] = useState<[number, number][]>([]);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<{ name: string }>();

  const refresh = () => queryClient.invalidateQueries({ queryKey: waybillKeys.trackTemplates() });
  const save = async ({ name }: { name: string }) => {
    if (points.length < 2) return;
    setSaving(true);
    try {
      await waybillApi.insertTrackTemplate({
        name: name.trim(),
        points: points.map(([lat, lon]) => ({ lat, lon })),
      });
      toastSuccess('add');
      setDrawing(false);
      setPoints([]);
      form.resetFields();
      await refresh();
    } catch (error) {
      showSaveError(form, error, { fields: ['name'] });
    } finally {
      setSaving(false);
    }
  };
  const remove = (row: TrackTemplate) =>
    void confirmPrompt({
      kind: 'delete',
      onOk: async () => {
        try {
          await waybillApi.removeTrackTemplates([row.id]);
          toastSuccess('delete');
          await refresh();
        } catch {
          // The http client has shown why.
        }
      },
    });

  return (
    <Modal
      open={open}
      title={t('waybill.trackTemplate.title')}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
    >
      {drawing ? (
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item
            name="name"
            label={t('waybill.trackTemplate.name')}
            rules={[
              {
                required: true,
                whitespace: true,
                message: t('waybill.rules.required', { field: t('waybill.trackTemplate.name') }),
              },
              {
                max: TRACK_TEMPLATE_NAME_MAX,
                message: t('waybill.rules.maxLength', { max: TRACK_TEMPLATE_NAME_MAX }),
              },
            ]}
          >
            <EmojiFreeInput maxLength={TRACK_TEMPLATE_NAME_MAX} showCount data-testid="track-template-name" />
          </Form.Item>
          <Alert type="info" showIcon title={t('waybill.trackTemplate.hint')} style={{ marginBottom: 8 }} />
          <FenceEditorMap
            areas={NO_AREAS}
            draft={points}
            height={360}
            onMapClick={
              points.length >= TRACK_TEMPLATE_POINTS_MAX
                ? null
                : (lat, lon) => setPoints((p) => [...p, [lat, lon]])
            }
          />
          <Space style={{ marginTop: 12, width: '100%', justifyContent: 'space-between' }}>
            <Typography.Text type="secondary">
              {t('waybill.trackTemplate.points', { count: points.length })}
            </Typography.Text>
            <Space>
              <Button disabled={points.length === 0} onClick={() => setPoints((p) => p.slice(0, -1))}>
                {t('waybill.fence.undoPoint')}
              </Button>
              <Button
                onClick={() => {
                  setDrawing(false);
                  setPoints([]);
                }}
              >
                {t('common.cancel')}
              </Button>
              <Button type="primary" htmlType="submit" loading={saving} disabled={points.length < 2}>
                {t('common.save')}
              </Button>
            </Space>
          </Space>
        </Form>
      ) : (
        <Space orientation="vertical" style={{ width: '100%' }}>
          <IfAction action="add">
            <Button type="primary" onClick={() => setDrawing(true)}>
              {t('waybill.trackTemplate.add')}
            </Button>
          </IfAction>
          <Table<TrackTemplate>
            rowKey="id"
            size="small"
            loading={templates.isFetching}
            dataSource={templates.data?.data ?? []}
            pagination={false}
            locale={{ emptyText: <Empty description={t('waybill.trackTemplate.empty')} /> }}
            columns={[
              { dataIndex: 'name', title: t('waybill.trackTemplate.name') },
              {
                key: 'points',
                title: t('waybill.trackTemplate.pointCount'),
                render: (_: unknown, row) => row.points.length,
              },
              {
                key: 'actions',
                width: 100,
                render: (_: unknown, row) => (
                  <IfAction action="delete">
                    <Button type="link" size="small" danger onClick={() => remove(row)}>
                      {t('waybill.actions.delete')}
                    </Button>
                  </IfAction>
                ),
              },
            ]}
          />
        </Space>
      )}
    </Modal>
  );
}
