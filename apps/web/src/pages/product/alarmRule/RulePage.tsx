import {
  ALARM_COMPARATORS,
  ALARM_FAULT_CODE_MAX,
  ALARM_FAULT_MEANING_MAX,
  ALARM_LEVELS_MAX,
  ALARM_REPAIR_GUIDANCE_MAX,
  ALARM_RULE_CONTENT_MAX,
  ALARM_RULE_NAME_MAX,
  ALARM_TARGET_PARAMS,
  ALARM_TARGET_TYPES,
  alarmRuleInsertSchema,
  ERRORS,
  type PageRequest,
  type PageResponse,
  warnRuleInsertSchema,
} from '@coldchain/shared';
import { CHANNEL_KIND_NAMES, type ChannelKind } from '@coldchain/shared/device-protocol';
import { useQueryClient } from '@tanstack/react-query';
import { Col, Form, Input, InputNumber, Radio, Row, Select, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmQueryKeys, alarmRuleApi, useTemplateOptions, warnRuleApi } from '../../../api/alarm.ts';
import { useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { type ListFilters, ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { alarmSchemaRule } from '../../message/shared/alarm-rules.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { FormModal, formatTime } from '../shared.tsx';
import {
  alarmRuleBody,
  conditionText,
  isAlarmRule,
  type Rule,
  type RuleFields,
  type RuleKind,
  ruleInitialValues,
  warnRuleBody,
} from './rule-fields.ts';

/**
 * Alarm rules and warning rules share one page (002 §3: a warning rule is "similar"): a rule
 * compares readings of one kind with a fixed value or with the probe's own limit plus an offset.
 * Alarm rules carry a level, a template and fault information; warning rules a level of 0 (plain
 * warning) to 3 (graded warning), and fixed values of one kind may not repeat (the server says so).
 */

/** Position readings make no sense to alarm on. */
const RULE_KINDS = CHANNEL_KIND_NAMES.filter((k) => k !== 'latitude' && k !== 'longitude');

/**
 * Fields the server may name that the form shows under the same name; level and template are kept
 * under one name each here, so a complaint about them is shown as a notice.
 */
const FIELD_NAMES = [
  'ruleName',
  'content',
  'channelKind',
  'deviceTypeId',
  'comparator',
  'targetType',
  'targetParam',
  'value',
  'faultCode',
  'faultMeaning',
  'repairGuidance',
  'activeDefault',
] as const;

const schemas = { alarm: alarmRuleInsertSchema, warn: warnRuleInsertSchema };

function RuleForm(props: {
  kind: RuleKind;
  editing: Rule | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const access = useAccess();
  const [form] = Form.useForm<RuleFields>();
  const [saving, setSaving] = useState(false);
  const { kind } = props;
  const current = props.editing === 'new' ? null : props.editing;
  const types = useDeviceTypeOptions();
  const templates = useTemplateOptions(
    props.editing !== null && access.permission('product.messageTemplate', 'query'),
  );
  const targetType = Form.useWatch('targetType', form);
  const label = (field: string) => t(`alarms.fields.${field}` as 'alarms.fields.ruleName');
  const shape = schemas[kind].shape;

  useEffect(() => {
    if (props.editing !== null) form.setFieldsValue(ruleInitialValues(current, kind));
  }, [props.editing, current, form, kind]);

  const save = async (values: RuleFields) => {
    setSaving(true);
    try {
      if (kind === 'alarm') {
        const body = alarmRuleBody(values);
        if (current) await alarmRuleApi.update({ id: current.id, ...body });
        else await alarmRuleApi.insert(body);
      } else {
        const body = warnRuleBody(values);
        if (current) await warnRuleApi.update({ id: current.id, ...body });
        else await warnRuleApi.insert(body);
      }
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved();
    } catch (error) {
      showSaveError(form, error, {
        fields: FIELD_NAMES,
        codeFields: { [ERRORS.warnRuleValueRepeated.code]: 'value' },
      });
    } finally {
      setSaving(false);
    }
  };

  const levels =
    kind === 'alarm'
      ? Array.from({ length: ALARM_LEVELS_MAX }, (_, i) => i + 1)
      : Array.from({ length: ALARM_LEVELS_MAX + 1 }, (_, i) => i);
  const levelLabel = (level: number) =>
    level === 0 ? t('alarms.rule.plainWarning') : t('alarms.levels.level', { level });

  return (
    <FormModal<RuleFields>
      open={props.editing !== null}
      title={t(`alarms.rule.${kind}${current ? 'Edit' : 'Add'}`)}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={820}
      testId={`${kind}-rule-form`}
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="ruleName"
            label={label('ruleName')}
            required
            rules={[alarmSchemaRule(shape.ruleName, label('ruleName'))]}
          >
            <Input maxLength={ALARM_RULE_NAME_MAX} showCount data-testid="rule-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="level" label={label(kind === 'alarm' ? 'alarmLevel' : 'warnLevel')} required>
            <Select
              data-testid="rule-level"
              options={levels.map((l) => ({ value: l, label: levelLabel(l) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="channelKind" label={label('channelKind')} required>
            <Select options={RULE_KINDS.map((k) => ({ value: k, label: t(`device.kinds.${k}`) }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deviceTypeId" label={label('deviceTypeId')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('alarms.rule.anyType')}
              options={(types.data ?? []).map((o) => ({ value: o.id, label: o.typeName }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="targetType" label={label('targetType')} required>
            <Radio.Group
              optionType="button"
              options={ALARM_TARGET_TYPES.map((v) => ({ value: v, label: t(`alarms.targetTypes.${v}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {targetType === 'param' ? (
            <Form.Item
              name="targetParam"
              label={label('targetParam')}
              required
              rules={[{ required: true, message: t('alarms.rule.targetParamRequired') }]}
            >
              <Select
                placeholder={t('common.select')}
                options={ALARM_TARGET_PARAMS.map((v) => ({ value: v, label: t(`alarms.targetParams.${v}`) }))}
              />
            </Form.Item>
          ) : null}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="comparator" label={label('comparator')} required>
            <Select
              data-testid="rule-comparator"
              options={ALARM_COMPARATORS.map((c) => ({ value: c, label: t(`alarms.comparators.${c}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="value"
            label={targetType === 'param' ? t('alarms.rule.offset') : label('value')}
            required
            extra={targetType === 'param' ? t('alarms.rule.offsetHint') : undefined}
            rules={[alarmSchemaRule(shape.value, label('value'))]}
          >
            <InputNumber style={{ width: '100%' }} data-testid="rule-value" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="templateId" label={label(kind === 'alarm' ? 'alarmTemplateId' : 'warnTemplateId')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              placeholder={t('alarms.rule.defaultTemplate')}
              data-testid="rule-template"
              options={(templates.data ?? []).map((tpl) => ({
                value: tpl.id,
                label: `${tpl.msgName} · ${t(`alarms.kinds.${tpl.type}`)} · ${tpl.localeCode}`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="activeDefault"
            label={label('activeDefault')}
            valuePropName="checked"
            extra={t('alarms.rule.activeHint')}
          >
            <Switch data-testid="rule-active" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="content"
            label={label('content')}
            rules={[alarmSchemaRule(shape.content, label('content'))]}
          >
            <Input.TextArea rows={2} maxLength={ALARM_RULE_CONTENT_MAX} showCount />
          </Form.Item>
        </Col>
        {kind === 'alarm' ? (
          <>
            <Col xs={24} md={12}>
              <Form.Item
                name="faultCode"
                label={label('faultCode')}
                rules={[alarmSchemaRule(alarmRuleInsertSchema.shape.faultCode, label('faultCode'))]}
              >
                <Input maxLength={ALARM_FAULT_CODE_MAX} showCount />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="faultMeaning"
                label={label('faultMeaning')}
                rules={[alarmSchemaRule(alarmRuleInsertSchema.shape.faultMeaning, label('faultMeaning'))]}
              >
                <Input.TextArea rows={2} maxLength={ALARM_FAULT_MEANING_MAX} showCount />
              </Form.Item>
            </Col>
            <Col xs={24}>
              <Form.Item
                name="repairGuidance"
                label={label('repairGuidance')}
                rules={[alarmSchemaRule(alarmRuleInsertSchema.shape.repairGuidance, label('repairGuidance'))]}
              >
                <Input.TextArea rows={3} maxLength={ALARM_REPAIR_GUIDANCE_MAX} showCount />
              </Form.Item>
            </Col>
          </>
        ) : null}
      </Row>
    </FormModal>
  );
}

const apis = {
  alarm: {
    key: alarmQueryKeys.rules,
    page: (request: PageRequest & ListFilters, signal: AbortSignal): Promise<PageResponse<Rule>> =>
      alarmRuleApi.page(request, signal),
    remove: alarmRuleApi.remove,
  },
  warn: {
    key: alarmQueryKeys.warnRules,
    page: (request: PageRequest & ListFilters, signal: AbortSignal): Promise<PageResponse<Rule>> =>
      warnRuleApi.page(request, signal),
    remove: warnRuleApi.remove,
  },
};

/** The list of one kind of rule with its query form and add, edit and delete. */
export function RulePage({ kind }: { kind: RuleKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Rule | 'new' | null>(null);
  const api = apis[kind];
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: api.key });
  };

  const levelOf = (rule: Rule) => (isAlarmRule(rule) ? rule.alarmLevel : rule.warnLevel);
  const threshold = (rule: Rule) =>
    conditionText(
      rule,
      (c) => t(`alarms.comparatorSigns.${c}`),
      (p) => t(`alarms.targetParams.${p}`),
    );

  const columns: ColumnsType<Rule> = [
    { dataIndex: 'ruleName', title: t('alarms.fields.ruleName'), sorter: true },
    {
      key: 'level',
      title: t(kind === 'alarm' ? 'alarms.fields.alarmLevel' : 'alarms.fields.warnLevel'),
      width: 130,
      render: (_: unknown, rule) => {
        const level = levelOf(rule);
        return level === 0 ? t('alarms.rule.plainWarning') : t('alarms.levels.level', { level });
      },
    },
    {
      dataIndex: 'channelKind',
      title: t('alarms.fields.channelKind'),
      width: 120,
      render: (k: string) =>
        (CHANNEL_KIND_NAMES as readonly string[]).includes(k) ? t(`device.kinds.${k as ChannelKind}`) : k,
    },
    { key: 'threshold', title: t('alarms.rule.threshold'), render: (_: unknown, rule) => threshold(rule) },
    ...(kind === 'alarm'
      ? [
          {
            dataIndex: 'faultCode',
            title: t('alarms.fields.faultCode'),
            width: 110,
            render: (v: string | null) => v ?? '-',
          },
        ]
      : []),
    {
      dataIndex: 'activeDefault',
      title: t('alarms.fields.activeDefault'),
      width: 120,
      render: (v: number) =>
        v === 1 ? (
          <Tag color="green">{t('catalogue.common.on')}</Tag>
        ) : (
          <Tag>{t('catalogue.common.off')}</Tag>
        ),
    },
    { dataIndex: 'updatedAt', title: t('catalogue.common.updatedAt'), width: 180, render: formatTime },
  ];

  return (
    <>
      <ListPage<Rule>
        queryKey={[...api.key, 'page']}
        fetchPage={(request, signal) => api.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="ruleName" label={t('alarms.fields.ruleName')}>
              <Input allowClear maxLength={ALARM_RULE_NAME_MAX} data-testid="rule-filter-name" />
            </Form.Item>
            {kind === 'alarm' ? (
              <Form.Item name="alarmLevel" label={t('alarms.fields.alarmLevel')}>
                <Select
                  allowClear
                  style={{ width: 120 }}
                  placeholder={t('common.select')}
                  options={Array.from({ length: ALARM_LEVELS_MAX }, (_, i) => ({
                    value: i + 1,
                    label: t('alarms.levels.level', { level: i + 1 }),
                  }))}
                />
              </Form.Item>
            ) : null}
            <Form.Item name="activeDefault" label={t('alarms.fields.activeDefault')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.select')}
                options={[
                  { value: 1, label: t('catalogue.common.on') },
                  { value: 0, label: t('catalogue.common.off') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <CrudButtons
            rows={rows}
            testId={`${kind}-rule`}
            addLabel={t(`alarms.rule.${kind}Add`)}
            onAdd={() => setEditing('new')}
            onEdit={setEditing}
            remove={api.remove}
            refresh={refresh}
          />
        )}
      />
      <RuleForm
        kind={kind}
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </>
  );
}
