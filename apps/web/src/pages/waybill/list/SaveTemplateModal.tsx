import { WAYBILL_TEMPLATE_NAME_MAX } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { templateContentOf, type WaybillFormValues } from '../shared/waybill-form.ts';

/**
 * Saves the waybill form as a template (002 §3: name up to 32). The template keeps everything but
 * what belongs to one shipment (order and express numbers, dates).
 */
export function SaveTemplateModal({
  open,
  values,
  onClose,
}: {
  open: boolean;
  /** Read when saving, so the template holds the form as it is then. */
  values: () => WaybillFormValues;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<{ modelName: string }>();
  const [saving, setSaving] = useState(false);

  const save = async ({ modelName }: { modelName: string }) => {
    setSaving(true);
    try {
      await waybillApi.insertTemplate({ modelName: modelName.trim(), content: templateContentOf(values()) });
      toastSuccess('save');
      await queryClient.invalidateQueries({ queryKey: waybillKeys.templates() });
      form.resetFields();
      onClose();
    } catch (error) {
      showSaveError(form, error, { fields: ['modelName'] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('waybill.template.saveAs')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="modelName"
          label={t('waybill.template.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('waybill.rules.required', { field: t('waybill.template.name') }),
            },
            {
              max: WAYBILL_TEMPLATE_NAME_MAX,
              message: t('waybill.rules.maxLength', { max: WAYBILL_TEMPLATE_NAME_MAX }),
            },
          ]}
        >
          <EmojiFreeInput maxLength={WAYBILL_TEMPLATE_NAME_MAX} showCount data-testid="template-name" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
