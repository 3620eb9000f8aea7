import {
  ALARM_REASONS,
  ALARM_RESULT_MAX,
  type AlarmMessage,
  type AlarmReason,
  type AlarmTreatment,
  alarmHandleSchema,
} from '@coldchain/shared';
import { Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmMessageApi } from '../../../api/alarm.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { showSaveError } from '../../../components/schema-rules.ts';
import { alarmSchemaRule } from './alarm-rules.ts';
import { treatmentsFor } from './message-view.ts';

interface HandleFields {
  treatment: AlarmTreatment;
  reason?: AlarmReason | null;
  result?: string;
}

/**
 * Handling alarm messages (002 §4, §5): an alarm is approved, rejected or postponed with one of the
 * reasons of 002 §4 and a result of at most 50 characters; a system message is agreed or refused.
 * Several messages of one category are handled at once.
 */
export function HandleModal(props: {
  messages: AlarmMessage[] | null;
  onClose: () => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<HandleFields>();
  const [saving, setSaving] = useState(false);
  const messages = props.messages ?? [];
  const system = messages.length > 0 && messages.every((m) => m.messageType === 'system');
  const postponed = messages.some((m) => m.treatment === 'postponed');
  // Memoized: a new list each render would reset the form through the effect below.
  const treatments = useMemo(() => treatmentsFor(system, postponed), [system, postponed]);
  const open = props.messages !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ treatment: treatments[0], reason: null, result: '' });
  }, [open, form, treatments]);

  const save = async (values: HandleFields) => {
    setSaving(true);
    try {
      const result = values.result?.trim();
      await alarmMessageApi.handle({
        ids: messages.map((m) => m.id),
        treatment: values.treatment,
        reason: system ? null : (values.reason ?? null),
        result: result ? result : null,
      });
      toastSuccess('save');
      props.onDone();
    } catch (error) {
      showSaveError(form, error, { fields: ['treatment', 'reason', 'result'] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('alarms.handle.title')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={props.onClose}
      destroyOnHidden
      forceRender
    >
      <Form<HandleFields>
        form={form}
        layout="vertical"
        onFinish={(values) => void save(values)}
        data-testid="handle-form"
      >
        {messages.length > 1 ? (
          <Typography.Paragraph type="secondary">
            {t('alarms.handle.count', { count: messages.length })}
          </Typography.Paragraph>
        ) : null}
        {messages.length === 1 && messages[0] ? (
          <Typography.Paragraph data-testid="handle-text">
            {messages[0].text || t(`alarms.causes.${messages[0].cause}`)}
          </Typography.Paragraph>
        ) : null}
        <Form.Item name="treatment" label={t('alarms.fields.treatment')} required>
          <Radio.Group
            optionType="button"
            options={treatments.map((v) => ({
              value: v,
              label: <span data-testid={`handle-treatment-${v}`}>{t(`alarms.treatments.${v}`)}</span>,
            }))}
          />
        </Form.Item>
        {system ? null : (
          <Form.Item
            name="reason"
            label={t('alarms.fields.reason')}
            required
            rules={[{ required: true, message: t('alarms.handle.reasonRequired') }]}
          >
            <Select
              placeholder={t('common.select')}
              data-testid="handle-reason"
              options={ALARM_REASONS.map((r) => ({ value: r, label: t(`alarms.reasons.${r}`) }))}
              popupRender={(menu) => <div data-testid="handle-reason-options">{menu}</div>}
            />
          </Form.Item>
        )}
        <Form.Item
          name="result"
          label={t('alarms.fields.result')}
          rules={[alarmSchemaRule(alarmHandleSchema.shape.result, t('alarms.fields.result'))]}
        >
          <Input.TextArea rows={2} maxLength={ALARM_RESULT_MAX} showCount data-testid="handle-result" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
