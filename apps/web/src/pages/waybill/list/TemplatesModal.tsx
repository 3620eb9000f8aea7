import type { WaybillTemplate } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Empty, Modal, Space, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useWaybillTemplates, waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZoned } from '../../../components/clock.ts';

/**
 * The waybill templates (002 §3): pick one to create a waybill from it, or delete those no longer
 * wanted. Templates are saved from the waybill form ("save as template").
 */
export function TemplatesModal({
  open,
  onClose,
  onUse,
}: {
  open: boolean;
  onClose: () => void;
  onUse: (template: WaybillTemplate) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const templates = useWaybillTemplates(open);
  const zone = accountZone();

  const remove = (template: WaybillTemplate) =>
    void confirmPrompt({
      kind: 'delete',
      onOk: async () => {
        try {
          await waybillApi.removeTemplates([template.id]);
          toastSuccess('delete');
          await queryClient.invalidateQueries({ queryKey: waybillKeys.templates() });
        } catch {
          // The http client has shown why.
        }
      },
    });

  return (
    <Modal
      open={open}
      title={t('waybill.template.title')}
      onCancel={onClose}
      footer={null}
      width={640}
      destroyOnHidden
    >
      <Table<WaybillTemplate>
        rowKey="id"
        size="small"
        loading={templates.isFetching}
        dataSource={templates.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: <Empty description={t('waybill.template.empty')} /> }}
        columns={[
          { dataIndex: 'modelName', title: t('waybill.template.name') },
          {
            dataIndex: 'createdAt',
            title: t('waybill.fields.createdAt'),
            width: 170,
            render: (at: number) => formatZoned(at, zone, false),
          },
          {
            key: 'actions',
            width: 170,
            render: (_: unknown, row) => (
              <Space>
                <IfAction action="add">
                  <Button
                    type="link"
                    size="small"
                    onClick={() => onUse(row)}
                    data-testid={`template-use-${row.modelName}`}
                  >
                    {t('waybill.template.use')}
                  </Button>
                </IfAction>
                <IfAction action="delete">
                  <Button type="link" size="small" danger onClick={() => remove(row)}>
                    {t('waybill.actions.delete')}
                  </Button>
                </IfAction>
              </Space>
            ),
          },
        ]}
      />
    </Modal>
  );
}
