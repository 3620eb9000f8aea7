import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  ALARM_CHANNELS,
  ALARM_DELAY_MAX_MINUTES,
  ALARM_LEVELS_MAX,
  ALARM_OFFLINE_TIMEOUT_MAX_MINUTES,
  ALARM_OFFLINE_TIMEOUT_MIN_MINUTES,
  ALARM_RECIPIENT_NAME_MAX,
  ALARM_RECIPIENTS_MAX,
  ALARM_REPEAT_MAX_MINUTES,
  ALARM_REPEAT_MIN_MINUTES,
  alarmLevelSchema,
  alarmRecipientSchema,
  type DeviceDetail,
  LOCALES,
  pushConfigUpdateSchema,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { FormInstance, FormRule } from 'antd';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Spin,
  Switch,
  Table,
  Typography,
} from 'antd';
import i18next from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmQueryKeys, pushConfigApi, usePushConfig } from '../../../api/alarm.ts';
import { deviceKeys, devicesApi, useParamSetting } from '../../../api/devices.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { LANGUAGE_NAMES } from '../../../app/i18n.ts';
import { alarmSchemaRule, ruleMessage, showFieldIssues } from '../../message/shared/alarm-rules.ts';
import {
  emptyRecipient,
  levelIssues,
  type PushConfigFields,
  pushConfigBody,
  pushConfigFields,
  pushConfigIssues,
} from '../../message/shared/push-config.ts';
import { showFormError } from '../shared/form-errors.ts';
import {
  type ProbeDraft,
  type ProbeProblem,
  type ProbeSetting,
  probeProblems,
} from '../shared/param-rules.ts';

const recipientShape = alarmRecipientSchema.shape;
const configShape = pushConfigUpdateSchema.shape;

/** The label of a field of the form, for messages naming it ("levels.1.delayMinutes"). */
function fieldLabel(field: string): string {
  const [head, index, name] = field.split('.');
  if (head === 'levels') return i18next.t('alarms.push.delayOf', { level: Number(index) + 1 });
  if (head === 'recipients' && name) return i18next.t(`alarms.fields.${name as 'phone'}`);
  return i18next.t(`alarms.fields.${field as 'offlineTimeoutMinutes'}`);
}

/** Level delays strictly increase (002 §5): checked whenever any of them changes. */
function delayRule(form: FormInstance<PushConfigFields>, index: number): FormRule {
  return {
    validator: () => {
      const levels = (form.getFieldValue('levels') as PushConfigFields['levels'] | undefined) ?? [];
      const issue = levelIssues(levels).find((i) => i.field === `levels.${index}.delayMinutes`);
      return issue
        ? Promise.reject(new Error(ruleMessage(fieldLabel(issue.field), issue.rule)))
        : Promise.resolve();
    },
  };
}

function probeMessage(problem: ProbeProblem): string {
  switch (problem.rule) {
    case 'required':
      return i18next.t('device.params.required');
    case 'belowMin':
      return i18next.t('device.params.belowMin', { min: problem.min });
    case 'aboveMax':
      return i18next.t('device.params.aboveMax', { max: problem.max });
    case 'lowerBelowUpper':
      return i18next.t('device.params.lowerBelowUpper');
    case 'correctionRange':
      return i18next.t('device.params.correctionRange', { max: problem.max });
  }
}

/**
 * The limits each probe alarms outside of (002 §5: both required, lower below upper, within the
 * settable range); saved as the device's parameter settings, which the alarm engine applies.
 */
function ProbeLimits({ device, canEdit }: { device: DeviceDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const settings = useParamSetting(device.id);
  const [form] = Form.useForm<{ probes: ProbeDraft[] }>();
  const [saving, setSaving] = useState(false);
  const data = settings.data;

  useEffect(() => {
    if (!data) return;
    form.setFieldsValue({
      probes: data.probes.map((p) => ({
        probeId: p.probeId,
        lowerLimit: p.lowerLimit,
        upperLimit: p.upperLimit,
      })),
    });
  }, [data, form]);

  if (settings.isPending) return <Spin />;
  if (!data || data.probes.length === 0) return <Empty description={t('alarms.push.noProbes')} />;

  const limitRule = (probe: ProbeSetting, index: number, field: 'lowerLimit' | 'upperLimit'): FormRule => ({
    validator: () => {
      const draft = form.getFieldValue(['probes', index]) as ProbeDraft | undefined;
      const problem = probeProblems(probe, draft ?? { probeId: probe.probeId }).find(
        (p) => p.field === field,
      );
      return problem ? Promise.reject(new Error(probeMessage(problem))) : Promise.resolve();
    },
  });

  const save = async (values: { probes: Pick<ProbeDraft, 'lowerLimit' | 'upperLimit'>[] }) => {
    setSaving(true);
    try {
      // Only the limits are fields here; each probe's name and correction stay as they are.
      await devicesApi.updateParamSetting({
        id: device.id,
        probes: data.probes.map((p, i) => ({
          probeId: p.probeId,
          probeName: p.probeName,
          lowerLimit: values.probes[i]?.lowerLimit ?? 0,
          upperLimit: values.probes[i]?.upperLimit ?? 0,
          correctionValue: p.correctionValue,
        })),
      });
      toastSuccess('save');
      await queryClient.invalidateQueries({ queryKey: deviceKeys.params(device.id) });
      await queryClient.invalidateQueries({ queryKey: alarmQueryKeys.pushConfig(device.id) });
    } catch (error) {
      showFormError(form, error, ['probes']);
    } finally {
      setSaving(false);
    }
  };

  const limitInput = (probe: ProbeSetting, index: number, field: 'lowerLimit' | 'upperLimit') => (
    <Form.Item
      name={['probes', index, field]}
      rules={[limitRule(probe, index, field)]}
      dependencies={[['probes', index, field === 'lowerLimit' ? 'upperLimit' : 'lowerLimit']]}
      style={{ margin: 0 }}
    >
      <InputNumber
        min={probe.min ?? undefined}
        max={probe.max ?? undefined}
        precision={probe.precision}
        suffix={probe.unitCode ?? undefined}
        data-testid={`push-probe-${probe.probeId}-${field}`}
      />
    </Form.Item>
  );

  return (
    <Form form={form} onFinish={(values) => void save(values)} disabled={!canEdit}>
      <Table<ProbeSetting>
        size="small"
        rowKey="probeId"
        pagination={false}
        dataSource={data.probes}
        columns={[
          {
            key: 'probe',
            title: t('alarms.push.probe'),
            render: (_: unknown, p) => p.probeName ?? p.paramName,
          },
          {
            key: 'range',
            title: t('alarms.push.settable'),
            render: (_: unknown, p) => `${p.min ?? '−∞'} ~ ${p.max ?? '+∞'}`,
          },
          {
            key: 'lowerLimit',
            title: t('alarms.push.lowerLimit'),
            render: (_: unknown, p, index) => limitInput(p, index, 'lowerLimit'),
          },
          {
            key: 'upperLimit',
            title: t('alarms.push.upperLimit'),
            render: (_: unknown, p, index) => limitInput(p, index, 'upperLimit'),
          },
        ]}
      />
      {canEdit ? (
        <Button htmlType="submit" loading={saving} style={{ marginTop: 12 }} data-testid="push-limits-save">
          {t('alarms.push.saveLimits')}
        </Button>
      ) : null}
    </Form>
  );
}

/**
 * The device's push configuration (002 §2, §5): probe limits; up to 3 alarm levels whose delays are
 * required and strictly increase; recipients (name 1-50, a phone or an e-mail at least, formats
 * checked, no duplicates) with the channels each level reaches them on; the offline timeout and the
 * repeat reminder interval.
 */
export function PushConfigTab({ device, canEdit }: { device: DeviceDetail; canEdit: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const config = usePushConfig(device.id);
  const [form] = Form.useForm<PushConfigFields>();
  const [saving, setSaving] = useState(false);
  const levels = Form.useWatch('levels', form) ?? [];
  const editable = canEdit && device.useState !== 'scrapped';

  useEffect(() => {
    if (config.data) form.setFieldsValue(pushConfigFields(config.data));
  }, [config.data, form]);

  if (config.isPending) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!config.data) return <Empty />;

  const save = async (values: PushConfigFields) => {
    const body = pushConfigBody(values);
    if (showFieldIssues(form, pushConfigIssues(body), fieldLabel)) return;
    setSaving(true);
    try {
      const saved = await pushConfigApi.update(device.id, body);
      queryClient.setQueryData(alarmQueryKeys.pushConfig(device.id), saved);
      toastSuccess('save');
    } catch (error) {
      showFormError(form, error, ['levels', 'recipients', 'offlineTimeoutMinutes', 'repeatIntervalMinutes']);
    } finally {
      setSaving(false);
    }
  };

  const minutes = t('alarms.push.minutes');

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" title={t('alarms.push.limitsTitle')}>
        <ProbeLimits device={device} canEdit={editable} />
      </Card>
      <Card size="small" title={t('alarms.push.title')}>
        <Form<PushConfigFields>
          form={form}
          layout="vertical"
          disabled={!editable}
          onFinish={(values) => void save(values)}
          scrollToFirstError
          data-testid="push-config-form"
        >
          <Row gutter={16}>
            <Col xs={24} md={6}>
              <Form.Item name="alarmEnabled" label={t('alarms.fields.alarmEnabled')} valuePropName="checked">
                <Switch data-testid="push-alarm-enabled" />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="warningEnabled"
                label={t('alarms.fields.warningEnabled')}
                valuePropName="checked"
              >
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="offlineTimeoutMinutes"
                label={t('alarms.fields.offlineTimeoutMinutes')}
                extra={t('alarms.push.offlineHint')}
                rules={[
                  alarmSchemaRule(
                    configShape.offlineTimeoutMinutes.optional(),
                    t('alarms.fields.offlineTimeoutMinutes'),
                  ),
                ]}
              >
                <InputNumber
                  min={ALARM_OFFLINE_TIMEOUT_MIN_MINUTES}
                  max={ALARM_OFFLINE_TIMEOUT_MAX_MINUTES}
                  precision={0}
                  suffix={minutes}
                  placeholder={t('alarms.push.off')}
                  data-testid="push-offline"
                />
              </Form.Item>
            </Col>
            <Col xs={24} md={6}>
              <Form.Item
                name="repeatIntervalMinutes"
                label={t('alarms.fields.repeatIntervalMinutes')}
                extra={t('alarms.push.repeatHint')}
                rules={[
                  alarmSchemaRule(
                    configShape.repeatIntervalMinutes.optional(),
                    t('alarms.fields.repeatIntervalMinutes'),
                  ),
                ]}
              >
                <InputNumber
                  min={ALARM_REPEAT_MIN_MINUTES}
                  max={ALARM_REPEAT_MAX_MINUTES}
                  precision={0}
                  suffix={minutes}
                  placeholder={t('alarms.push.off')}
                  data-testid="push-repeat"
                />
              </Form.Item>
            </Col>
          </Row>

          <Typography.Title level={5}>{t('alarms.push.levelsTitle')}</Typography.Title>
          <Typography.Paragraph type="secondary">{t('alarms.push.levelsHint')}</Typography.Paragraph>
          <Form.List name="levels">
            {(fields, { add, remove }) => (
              <Space wrap align="start">
                {fields.map((field, index) => (
                  <Space key={field.key} align="start">
                    <Form.Item
                      name={[field.name, 'delayMinutes']}
                      label={t('alarms.push.delayOf', { level: index + 1 })}
                      required
                      dependencies={fields
                        .filter((f) => f.key !== field.key)
                        .map((f) => ['levels', f.name, 'delayMinutes'])}
                      rules={[
                        alarmSchemaRule(
                          alarmLevelSchema.shape.delayMinutes,
                          t('alarms.push.delayOf', { level: index + 1 }),
                        ),
                        delayRule(form, index),
                      ]}
                    >
                      <InputNumber
                        min={0}
                        max={ALARM_DELAY_MAX_MINUTES}
                        precision={0}
                        suffix={minutes}
                        data-testid={`push-delay-${index + 1}`}
                      />
                    </Form.Item>
                    {index > 0 && index === fields.length - 1 && editable ? (
                      <Button
                        type="text"
                        icon={<DeleteOutlined />}
                        aria-label={t('alarms.push.removeLevel')}
                        style={{ marginTop: 30 }}
                        onClick={() => remove(field.name)}
                        data-testid={`push-level-remove-${index + 1}`}
                      />
                    ) : null}
                  </Space>
                ))}
                {fields.length < ALARM_LEVELS_MAX && editable ? (
                  <Button
                    icon={<PlusOutlined />}
                    style={{ marginTop: 30 }}
                    onClick={() => add({ delayMinutes: null })}
                    data-testid="push-level-add"
                  >
                    {t('alarms.push.addLevel')}
                  </Button>
                ) : null}
              </Space>
            )}
          </Form.List>

          <Typography.Title level={5}>{t('alarms.push.recipientsTitle')}</Typography.Title>
          <Form.List name="recipients">
            {(fields, { add, remove }) => (
              <Space orientation="vertical" style={{ width: '100%' }}>
                {fields.length === 0 ? (
                  <Alert type="info" showIcon title={t('alarms.push.noRecipients')} />
                ) : null}
                {fields.map((field, index) => (
                  <Card
                    key={field.key}
                    size="small"
                    type="inner"
                    title={t('alarms.push.recipient', { index: index + 1 })}
                    extra={
                      editable ? (
                        <Button
                          type="text"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={t('alarms.push.removeRecipient')}
                          onClick={() => remove(field.name)}
                          data-testid={`push-recipient-remove-${index}`}
                        />
                      ) : null
                    }
                  >
                    <Row gutter={16}>
                      <Col xs={24} md={6}>
                        <Form.Item
                          name={[field.name, 'name']}
                          label={t('alarms.fields.name')}
                          required
                          rules={[alarmSchemaRule(recipientShape.name, t('alarms.fields.name'))]}
                        >
                          <Input
                            maxLength={ALARM_RECIPIENT_NAME_MAX}
                            data-testid={`push-recipient-${index}-name`}
                          />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <Form.Item
                          name={[field.name, 'phone']}
                          label={t('alarms.fields.phone')}
                          rules={[alarmSchemaRule(recipientShape.phone, t('alarms.fields.phone'))]}
                        >
                          <Input data-testid={`push-recipient-${index}-phone`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <Form.Item
                          name={[field.name, 'email']}
                          label={t('alarms.fields.email')}
                          rules={[alarmSchemaRule(recipientShape.email, t('alarms.fields.email'))]}
                        >
                          <Input data-testid={`push-recipient-${index}-email`} />
                        </Form.Item>
                      </Col>
                      <Col xs={24} md={6}>
                        <Form.Item name={[field.name, 'localeCode']} label={t('alarms.fields.localeCode')}>
                          <Select
                            allowClear
                            placeholder={t('alarms.push.ownerLanguage')}
                            options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
                          />
                        </Form.Item>
                      </Col>
                    </Row>
                    {levels.map((_, level) => (
                      <Form.Item
                        // biome-ignore lint/suspicious/noArrayIndexKey: levels are positions 1-3
                        key={level}
                        name={[field.name, 'channels', level]}
                        label={t('alarms.push.channelsOf', { level: level + 1 })}
                        style={{ marginBottom: 8 }}
                      >
                        <Checkbox.Group
                          data-testid={`push-recipient-${index}-level-${level + 1}`}
                          options={ALARM_CHANNELS.map((c) => ({
                            value: c,
                            label: t(`alarms.channels.${c}`),
                          }))}
                        />
                      </Form.Item>
                    ))}
                  </Card>
                ))}
                {fields.length < ALARM_RECIPIENTS_MAX && editable ? (
                  <Button
                    icon={<PlusOutlined />}
                    onClick={() => add(emptyRecipient(levels.length))}
                    data-testid="push-recipient-add"
                  >
                    {t('alarms.push.addRecipient')}
                  </Button>
                ) : null}
              </Space>
            )}
          </Form.List>

          {editable ? (
            <Button
              type="primary"
              htmlType="submit"
              loading={saving}
              style={{ marginTop: 16 }}
              data-testid="push-save"
            >
              {t('common.save')}
            </Button>
          ) : null}
        </Form>
      </Card>
    </Space>
  );
}
