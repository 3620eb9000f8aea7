import { PROJECT_NAME_MAX, projectNameSchema } from '@coldchain/shared';
import { Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaRule, showSaveError } from '../../../components/schema-rules.ts';

/** Names a new or existing project (2-20 characters). */
export function ProjectForm({
  open,
  initialName,
  onSubmit,
  onClose,
}: {
  open: boolean;
  initialName?: string;
  onSubmit: (projectName: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ projectName: string }>();
  const [saving, setSaving] = useState(false);
  const label = t('project.fields.projectName');
  useEffect(() => {
    if (open) form.setFieldsValue({ projectName: initialName ?? '' });
  }, [open, initialName, form]);
  const save = async ({ projectName }: { projectName: string }) => {
    setSaving(true);
    try {
      await onSubmit(projectName.trim());
    } catch (error) {
      showSaveError(form, error, { fields: ['projectName'] });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal
      open={open}
      title={initialName ? t('project.actions.rename') : t('project.actions.add')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      forceRender
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} data-testid="project-form">
        <Form.Item name="projectName" label={label} required rules={[schemaRule(projectNameSchema, label)]}>
          <Input maxLength={PROJECT_NAME_MAX} showCount data-testid="project-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
