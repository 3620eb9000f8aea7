import {
  PERMISSION_BLOCKS,
  PERMISSION_BUTTONS,
  PERMISSION_DEVICE_PARAMS,
  PERMISSION_MODEL_NAME_MAX,
  type PermissionCatalogue,
  type PermissionItem,
  type PermissionModel,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Form, Input, Modal, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { sharingApi, sharingKeys, usePermissionCatalogue } from '../../../api/sharing.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfPermission } from '../../../components/Access.tsx';
import { formatZonedIso } from '../../../components/clock.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { showFormError } from '../../device/shared/form-errors.ts';

type CatalogueItem = PermissionCatalogue['items'][number];
/** Flags per permission code while editing: visible and operable. */
type Flags = Record<string, { visible: boolean; operable: boolean }>;

interface Draft {
  name: string;
  deviceTypeId?: number | null;
}

function flagsOf(model: PermissionModel | null): Flags {
  const flags: Flags = {};
  for (const item of model?.items ?? [])
    flags[item.permissionCode] = { visible: item.viewStatus === 1, operable: item.setStatus === 1 };
  return flags;
}

/** An item a new template has not set yet is visible and read-only; one an old template lacks is hidden. */
const fallbackFlag = (model: PermissionModel | null) => ({ visible: model === null, operable: false });

/** The stored items: blocks have no operable flag (-1); an operable item is visible. */
function itemsOf(catalogue: CatalogueItem[], flags: Flags, model: PermissionModel | null): PermissionItem[] {
  return catalogue.map(({ permissionCode, kind }) => {
    const flag = flags[permissionCode] ?? fallbackFlag(model);
    const operable = kind !== 'block' && flag.operable;
    return {
      permissionCode,
      kind,
      viewStatus: flag.visible || operable ? 1 : 0,
      setStatus: kind === 'block' ? -1 : operable ? 1 : 0,
    };
  });
}

const FIXED_CODES = [...PERMISSION_BLOCKS, ...PERMISSION_BUTTONS, ...PERMISSION_DEVICE_PARAMS] as const;
type FixedCode = (typeof FIXED_CODES)[number];
const isFixedCode = (code: string): code is FixedCode => (FIXED_CODES as readonly string[]).includes(code);

/** The name of a catalogue item: the parameter's own name, or a translated block, button or setting. */
function useItemLabel() {
  const { t } = useTranslation();
  return (item: CatalogueItem) =>
    item.label ??
    (isFixedCode(item.permissionCode)
      ? t(`permissionModel.items.${item.permissionCode}`)
      : item.permissionCode);
}

/**
 * Editing a template: a name (up to 10), optionally a device type whose probe parameters it lists,
 * and per block, button and parameter a visible and an operable switch (002 §3, §9).
 */
function ModelEditor({
  model,
  open,
  onClose,
}: {
  model: PermissionModel | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Draft>();
  const types = useDeviceTypeOptions();
  const typeId = Form.useWatch('deviceTypeId', form) ?? null;
  const catalogue = usePermissionCatalogue(typeId);
  const [flags, setFlags] = useState<Flags>({});
  const [busy, setBusy] = useState(false);
  const label = useItemLabel();

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: model?.name ?? '', deviceTypeId: model?.deviceTypeId ?? null });
    setFlags(flagsOf(model));
  }, [open, model, form]);

  const setFlag = (code: string, key: 'visible' | 'operable', value: boolean) =>
    setFlags((before) => {
      const current = before[code] ?? fallbackFlag(model);
      const next = { ...current, [key]: value };
      // Operable implies visible; hiding takes operable away.
      if (key === 'operable' && value) next.visible = true;
      if (key === 'visible' && !value) next.operable = false;
      return { ...before, [code]: next };
    });

  const save = async (draft: Draft) => {
    const items = itemsOf(catalogue.data?.items ?? [], flags, model);
    setBusy(true);
    try {
      const body = { name: draft.name, deviceTypeId: draft.deviceTypeId ?? null, items };
      if (model) await sharingApi.updateModel({ id: model.id, ...body });
      else await sharingApi.insertModel(body);
      void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      toastSuccess(model ? 'edit' : 'add');
      onClose();
    } catch (error) {
      showFormError(form, error, ['name', 'deviceTypeId']);
    } finally {
      setBusy(false);
    }
  };

  const columns: ColumnsType<CatalogueItem> = [
    { key: 'name', title: t('permissionModel.item'), render: (_, item) => label(item) },
    {
      key: 'kind',
      title: t('permissionModel.kind'),
      render: (_, item) => <Tag>{t(`permissionModel.kinds.${item.kind}`)}</Tag>,
    },
    {
      key: 'visible',
      title: t('permissionModel.visible'),
      render: (_, item) => (
        <Switch
          size="small"
          checked={(flags[item.permissionCode] ?? fallbackFlag(model)).visible}
          onChange={(on) => setFlag(item.permissionCode, 'visible', on)}
          data-testid={`pm-visible-${item.permissionCode}`}
        />
      ),
    },
    {
      key: 'operable',
      title: t('permissionModel.operable'),
      render: (_, item) =>
        item.kind === 'block' ? (
          '-'
        ) : (
          <Switch
            size="small"
            checked={(flags[item.permissionCode] ?? fallbackFlag(model)).operable}
            onChange={(on) => setFlag(item.permissionCode, 'operable', on)}
            data-testid={`pm-operable-${item.permissionCode}`}
          />
        ),
    },
  ];

  return (
    <Modal
      open={open}
      width={720}
      title={t(model ? 'permissionModel.edit' : 'permissionModel.add')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="pm-save">
          {t('common.save')}
        </Button>
      }
    >
      <Form<Draft> form={form} layout="vertical" onFinish={(draft) => void save(draft)}>
        <Space wrap align="start">
          <Form.Item
            name="name"
            label={t('permissionModel.name')}
            rules={[
              { required: true, whitespace: true, message: t('permissionModel.nameRequired') },
              {
                max: PERMISSION_MODEL_NAME_MAX,
                message: t('permissionModel.nameTooLong', { max: PERMISSION_MODEL_NAME_MAX }),
              },
            ]}
          >
            <Input
              maxLength={PERMISSION_MODEL_NAME_MAX}
              showCount
              style={{ width: 200 }}
              data-testid="pm-name"
            />
          </Form.Item>
          <Form.Item name="deviceTypeId" label={t('permissionModel.deviceType')}>
            <Select
              allowClear
              style={{ width: 260 }}
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('permissionModel.anyType')}
              options={(types.data ?? []).map((type) => ({ value: type.id, label: type.typeName }))}
              data-testid="pm-type"
            />
          </Form.Item>
        </Space>
      </Form>
      <Table<CatalogueItem>
        rowKey="permissionCode"
        size="small"
        pagination={false}
        loading={catalogue.isPending}
        dataSource={catalogue.data?.items ?? []}
        columns={columns}
        scroll={{ y: 360 }}
      />
    </Modal>
  );
}

/** Permission templates of the signed-in account (002 §3): list, add, edit and delete. */
export function PermissionModelsPanel() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<{ model: PermissionModel | null } | null>(null);
  const zone = accountZone();

  const remove = (model: PermissionModel) =>
    void confirmPrompt({
      kind: 'delete',
      content: t('permissionModel.confirmDelete', { name: model.name }),
      onOk: async () => {
        await sharingApi.deleteModel(model.id);
        toastSuccess('delete');
        void queryClient.invalidateQueries({ queryKey: sharingKeys.all });
      },
    });

  const columns: ColumnsType<PermissionModel> = [
    { key: 'name', title: t('permissionModel.name'), dataIndex: 'name' },
    {
      key: 'type',
      title: t('permissionModel.deviceType'),
      render: (_, m) => m.typeName ?? t('permissionModel.anyType'),
    },
    { key: 'usedBy', title: t('permissionModel.usedBy'), dataIndex: 'usedBy' },
    {
      key: 'updated',
      title: t('permissionModel.updatedAt'),
      render: (_, m) => formatZonedIso(m.updatedAt, zone),
    },
    {
      key: 'actions',
      title: t('share.columns.actions'),
      render: (_, m) => (
        <Space>
          <IfPermission permission="consumer.sharer" action="edit">
            <Button size="small" onClick={() => setEditing({ model: m })} data-testid={`pm-edit-${m.id}`}>
              {t('permissionModel.edit')}
            </Button>
          </IfPermission>
          <IfPermission permission="consumer.sharer" action="delete">
            <Button size="small" danger onClick={() => remove(m)}>
              {t('permissionModel.delete')}
            </Button>
          </IfPermission>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="permission-models">
      <ListPage<PermissionModel>
        queryKey={sharingKeys.models()}
        fetchPage={(request, signal) => sharingApi.models(request, signal)}
        rowKey="id"
        columns={columns}
        filters={
          <Form.Item name="name" label={t('permissionModel.name')}>
            <Input allowClear maxLength={PERMISSION_MODEL_NAME_MAX} />
          </Form.Item>
        }
        toolbar={() => (
          <IfPermission permission="consumer.sharer" action="add">
            <Button type="primary" onClick={() => setEditing({ model: null })} data-testid="pm-add">
              {t('permissionModel.add')}
            </Button>
          </IfPermission>
        )}
      />
      <ModelEditor model={editing?.model ?? null} open={editing !== null} onClose={() => setEditing(null)} />
    </div>
  );
}
