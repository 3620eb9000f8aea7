import { ORGANIZATION_NAME_MAX, organizationNameSchema } from '@coldchain/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule, showSaveError } from '../../../components/schema-rules.ts';

/** Names a new or existing organization (2-50 characters), showing the server's refusal under the field. */
export function OrganizationForm({
  open,
  title,
  initialName,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  initialName?: string;
  onSubmit: (name: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [saving, setSaving] = useState(false);
  const label = t('org.fields.name');
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initialName ?? '' });
  }, [open, initialName, form]);
  const save = async ({ name }: { name: string }) => {
    setSaving(true);
    try {
      await onSubmit(name.trim());
    } catch (error) {
      showSaveError(form, error, { fields: ['name'] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="organization-form">
        <Form.Item name="name" label={label} required rules={[schemaRule(organizationNameSchema, label)]}>
          <Input maxLength={ORGANIZATION_NAME_MAX} showCount data-testid="organization-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
