import {
  DEVICE_DESC_MAX,
  DEVICE_GUID_MAX,
  DEVICE_NAME_MAX,
  type DeviceInsert,
  type DeviceScene,
  deviceDescSchema,
  deviceGuidSchema,
  deviceNameSchema,
  deviceTimeZoneSchema,
  ERRORS,
} from '@coldchain/shared';
import type { FormRule } from 'antd';
import { Form, Input, Modal, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccountInfo } from '../../../api/account.ts';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { devicesApi, useTimeZones } from '../../../api/devices.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { browserZone } from '../../../components/time-ranges.ts';
import { showFormError } from '../shared/form-errors.ts';

interface Fields {
  deviceGuid: string;
  deviceName: string;
  deviceTypeId: number;
  timeZone: string;
  deviceDesc?: string;
}

const FIELDS = ['deviceGuid', 'deviceName', 'deviceTypeId', 'timeZone', 'deviceDesc'] as const;

/** A rule running one shared zod schema, so the form refuses what the server's schema refuses. */
function schemaRule(schema: { safeParse(value: unknown): { success: boolean } }, message: string): FormRule {
  return {
    validator: (_rule, value: unknown) =>
      value === undefined || value === null || value === '' || schema.safeParse(value).success
        ? Promise.resolve()
        : Promise.reject(new Error(message)),
  };
}

/**
 * Adding a device (002 §3, §5): GUID digits up to 20, name up to 50, a type users may add (published
 * and pushed), a time zone (the account's by default) and an optional remark, with the server's
 * rules (packages/shared deviceInsertSchema). Types of the current tab's scene come first.
 */
export function AddDeviceModal({
  open,
  scene,
  onClose,
  onAdded,
}: {
  open: boolean;
  scene: DeviceScene;
  onClose: () => void;
  onAdded: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Fields>();
  const [saving, setSaving] = useState(false);
  const { data: info } = useAccountInfo();
  const types = useDeviceTypeOptions();
  const zones = useTimeZones(open);

  const typeOptions = [...(types.data ?? [])]
    .sort((a, b) => Number(b.typeScenes.includes(scene)) - Number(a.typeScenes.includes(scene)))
    .map((type) => ({ value: type.id, label: `${type.typeName} (${type.typeCode})` }));

  const save = async (values: Fields) => {
    const body: DeviceInsert = {
      deviceGuid: values.deviceGuid.trim(),
      deviceName: values.deviceName.trim(),
      deviceTypeId: values.deviceTypeId,
      timeZone: values.timeZone,
      ...(values.deviceDesc?.trim() ? { deviceDesc: values.deviceDesc.trim() } : {}),
    };
    setSaving(true);
    try {
      const added = await devicesApi.insert(body);
      toastSuccess('add');
      form.resetFields();
      onAdded(added.id);
    } catch (error) {
      showFormError(form, error, FIELDS, {
        [ERRORS.deviceGuidTaken.code]: 'deviceGuid',
        [ERRORS.deviceTypeNotPublished.code]: 'deviceTypeId',
        [ERRORS.deviceTypeUnavailable.code]: 'deviceTypeId',
        [ERRORS.deviceTypeAppOnly.code]: 'deviceTypeId',
      });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('device.add.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form<Fields>
        form={form}
        layout="vertical"
        initialValues={{ timeZone: info?.baseAccount.timeZone || browserZone() }}
        onFinish={(values) => void save(values)}
      >
        <Form.Item
          name="deviceGuid"
          label={t('device.fields.deviceGuid')}
          extra={t('device.add.guidHint', { max: DEVICE_GUID_MAX })}
          rules={[
            { required: true, whitespace: true, message: t('device.add.guidRequired') },
            schemaRule(deviceGuidSchema, t('device.add.guidRule', { max: DEVICE_GUID_MAX })),
          ]}
        >
          <Input inputMode="numeric" maxLength={DEVICE_GUID_MAX} data-testid="device-add-guid" />
        </Form.Item>
        <Form.Item
          name="deviceName"
          label={t('device.fields.deviceName')}
          rules={[
            { required: true, whitespace: true, message: t('device.add.nameRequired') },
            schemaRule(deviceNameSchema, t('device.add.nameMax', { max: DEVICE_NAME_MAX })),
          ]}
        >
          <EmojiFreeInput maxLength={DEVICE_NAME_MAX} showCount data-testid="device-add-name" />
        </Form.Item>
        <Form.Item
          name="deviceTypeId"
          label={t('device.fields.typeName')}
          rules={[{ required: true, message: t('device.add.typeRequired') }]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={types.isFetching}
            options={typeOptions}
            notFoundContent={t('device.add.noTypes')}
            data-testid="device-add-type"
          />
        </Form.Item>
        <Form.Item
          name="timeZone"
          label={t('device.fields.timeZone')}
          rules={[
            { required: true, message: t('device.add.timeZoneRequired') },
            schemaRule(deviceTimeZoneSchema, t('device.add.timeZoneRequired')),
          ]}
        >
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            loading={zones.isFetching}
            options={(zones.data ?? []).map((zone) => ({ value: zone.dataValue, label: zone.label }))}
            data-testid="device-add-zone"
          />
        </Form.Item>
        <Form.Item
          name="deviceDesc"
          label={t('device.fields.deviceDesc')}
          rules={[schemaRule(deviceDescSchema, t('device.add.descMax', { max: DEVICE_DESC_MAX }))]}
        >
          <Input.TextArea rows={3} maxLength={DEVICE_DESC_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
