import { SERVICE_ITEM_CODES, SERVICE_PACKAGE_LIMITS, type ServiceItem } from '@coldchain/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { AutoComplete, Button, Form, Input, Modal, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { servicePackageKeys, servicePackagesApi } from '../../../api/service-packages.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';

const L = SERVICE_PACKAGE_LIMITS;
interface Fields {
  itemCode: string;
  itemName: string;
  itemSupplement?: string;
  itemLabel?: string;
}

/** Service items a level may include (001 §3.1), in their shown order. */
export function ItemsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Fields>();
  const [editing, setEditing] = useState<ServiceItem | 'new' | null>(null);
  const items = useQuery({
    queryKey: servicePackageKeys.items,
    queryFn: ({ signal }) => servicePackagesApi.items(signal),
  });
  const rows = items.data ?? [];
  const refresh = () => void queryClient.invalidateQueries({ queryKey: servicePackageKeys.items });

  const open = (item: ServiceItem | 'new') => {
    setEditing(item);
    form.setFieldsValue(
      item === 'new'
        ? { itemCode: '', itemName: '', itemSupplement: '', itemLabel: '' }
        : { ...item, itemSupplement: item.itemSupplement ?? '', itemLabel: item.itemLabel ?? '' },
    );
  };
  const save = async (v: Fields) => {
    const body = {
      itemCode: v.itemCode.trim(),
      itemName: v.itemName.trim(),
      itemSupplement: v.itemSupplement?.trim() || null,
      itemLabel: v.itemLabel?.trim() || null,
    };
    try {
      if (editing === 'new') await servicePackagesApi.insertItem(body);
      else if (editing) await servicePackagesApi.updateItem({ ...body, id: editing.id });
      toastSuccess(editing === 'new' ? 'add' : 'edit');
      setEditing(null);
      refresh();
    } catch {
      // The http client has shown the server's message.
    }
  };
  const move = async (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const a = ids[index];
    const b = ids[index + by];
    if (a === undefined || b === undefined) return;
    ids[index] = b;
    ids[index + by] = a;
    await servicePackagesApi.sortItems({ ids });
    refresh();
  };

  return (
    <>
      <IfAction action="add">
        <Button type="primary" style={{ marginBottom: 12 }} onClick={() => open('new')}>
          {t('servicePackageAdmin.addItem')}
        </Button>
      </IfAction>
      <Table<ServiceItem>
        rowKey="id"
        loading={items.isLoading}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={[
          { dataIndex: 'itemCode', title: t('servicePackageAdmin.fields.itemCode') },
          { dataIndex: 'itemName', title: t('servicePackageAdmin.fields.itemName') },
          { dataIndex: 'itemSupplement', title: t('servicePackageAdmin.fields.itemSupplement') },
          { dataIndex: 'itemLabel', title: t('servicePackageAdmin.fields.itemLabel') },
          {
            key: 'actions',
            title: t('servicePackageAdmin.actions'),
            render: (_: unknown, row, index) => (
              <IfAction action="edit">
                <Space size={4}>
                  <Button size="small" onClick={() => open(row)}>
                    {t('servicePackageAdmin.edit')}
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('servicePackageAdmin.moveUp')}
                    disabled={index === 0}
                    onClick={() => void move(index, -1)}
                  >
                    ↑
                  </Button>
                  <Button
                    size="small"
                    aria-label={t('servicePackageAdmin.moveDown')}
                    disabled={index === rows.length - 1}
                    onClick={() => void move(index, 1)}
                  >
                    ↓
                  </Button>
                </Space>
              </IfAction>
            ),
          },
        ]}
      />
      <Modal
        open={editing !== null}
        title={editing === 'new' ? t('servicePackageAdmin.addItem') : t('servicePackageAdmin.editItem')}
        okText={t('common.save')}
        cancelText={t('common.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form<Fields> form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item
            name="itemCode"
            label={t('servicePackageAdmin.fields.itemCode')}
            rules={[
              {
                required: true,
                pattern: /^[A-Z][A-Z0-9_]*$/,
                message: t('servicePackageAdmin.itemCodeRule'),
              },
            ]}
          >
            <AutoComplete options={SERVICE_ITEM_CODES.map((c) => ({ value: c }))} maxLength={L.itemCodeMax} />
          </Form.Item>
          <Form.Item
            name="itemName"
            label={t('servicePackageAdmin.fields.itemName')}
            rules={[{ required: true, whitespace: true }]}
          >
            <Input maxLength={L.itemNameMax} showCount />
          </Form.Item>
          <Form.Item name="itemSupplement" label={t('servicePackageAdmin.fields.itemSupplement')}>
            <Input maxLength={L.itemSupplementMax} showCount />
          </Form.Item>
          <Form.Item name="itemLabel" label={t('servicePackageAdmin.fields.itemLabel')}>
            <Input maxLength={L.itemLabelMax} showCount />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}
