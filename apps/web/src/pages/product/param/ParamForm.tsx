import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import {
  bitListSchema,
  ERRORS,
  PARAM_DESCRIPTION_MAX,
  PARAM_EXPRESSION_MAX,
  PARAM_GROUP_NAME_MAX,
  PARAM_KEY_DIGITS,
  PARAM_NAME_MAX,
  PARAM_REGEXP_MAX,
  PARAM_REGEXP_TIP_MAX,
  PARAM_VALUE_TEXT_MAX,
  PARAM_VALUE_TEXTS_MAX,
  PARAM_VOCATIONAL_PROBE,
  type Param,
  PRECISION_MAX,
  paramCodeSchema,
  paramFieldsSchema,
  paramKeySchema,
  paramRuleIssues,
  valueRangeSchema,
} from '@coldchain/shared';
import { Button, Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Space, Switch } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paramApi, useUnits } from '../../../api/catalogue.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { fieldMessage, schemaRule, showRuleIssues, showSaveError } from '../../../components/schema-rules.ts';
import { FormModal } from '../shared.tsx';
import { CODES, PARAM_FIELD_NAMES, type ParamFields, paramBody, paramInitialValues } from './param-fields.ts';

const shape = paramFieldsSchema.shape;
const valueText = valueRangeSchema.element.shape;
const bitItem = bitListSchema.element.shape;

export interface ParamFormProps {
  deviceTypeId: number;
  /** Every parameter of the type: the reference pickers offer them (except the one edited). */
  siblings: readonly Param[];
  editing: Param | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adding and editing a parameter with the fields of 002 §3 and the rules of §5. */
export function ParamForm({ deviceTypeId, siblings, editing, onClose, onSaved }: ParamFormProps) {
  const { t } = useTranslation();
  const access = useAccess();
  const [form] = Form.useForm<ParamFields>();
  const [saving, setSaving] = useState(false);
  const current = editing === 'new' ? null : editing;
  const units = useUnits(editing !== null && access.permission('product.paramUnit', 'query'));
  const label = (field: keyof typeof shape) => t(`catalogue.fields.${field}`);
  const vocationalWork = Form.useWatch('vocationalWork', form);
  const minType = Form.useWatch('paramMinType', form);
  const maxType = Form.useWatch('paramMaxType', form);
  const nextSortNo = Math.max(0, ...siblings.map((p) => p.paramSortNo)) + 1;

  useEffect(() => {
    if (editing !== null) form.setFieldsValue(paramInitialValues(current, nextSortNo));
  }, [editing, current, form, nextSortNo]);

  const others = siblings
    .filter((p) => p.id !== current?.id)
    .map((p) => ({ value: p.id, label: `${p.paramName} (${p.paramKey})` }));

  const save = async (values: ParamFields) => {
    const body = paramBody(values);
    // The rules across fields (002 §5) the field rules cannot see, named like the server names them.
    if (showRuleIssues(form, paramRuleIssues(body))) return;
    setSaving(true);
    try {
      if (current) await paramApi.update({ id: current.id, ...body });
      else await paramApi.insert({ deviceTypeId, ...body });
      toastSuccess(current ? 'edit' : 'add');
      onSaved();
    } catch (error) {
      showSaveError(form, error, {
        fields: PARAM_FIELD_NAMES,
        codeFields: { [ERRORS.paramKeyTaken.code]: 'paramKey' },
      });
    } finally {
      setSaving(false);
    }
  };

  const item = (field: keyof typeof shape, input: ReactNode, extra?: { required?: boolean; md?: number }) => (
    <Col xs={24} md={extra?.md ?? 8} key={field}>
      <Form.Item
        name={field}
        label={label(field)}
        required={extra?.required}
        rules={[schemaRule(shape[field], label(field))]}
      >
        {input}
      </Form.Item>
    </Col>
  );
  const whole = { style: { width: '100%' } };
  /** Value texts and bits may not repeat a value (the server's "contains duplicates"). */
  const uniqueRule = <T,>(field: 'valueRange' | 'bitList', keyOf: (item: T) => unknown) => ({
    validator: (_rule: unknown, items: T[] | undefined) => {
      const keys = (items ?? []).map(keyOf).filter((k) => k !== undefined && k !== null && k !== '');
      return new Set(keys).size === keys.length
        ? Promise.resolve()
        : Promise.reject(new Error(fieldMessage(label(field), { rule: 'duplicates' })));
    },
  });
  const precision = <InputNumber min={0} max={PRECISION_MAX} precision={0} {...whole} />;
  const limit = (side: 'Min' | 'Max', kind: 0 | 1 | undefined) => {
    const typeField = side === 'Min' ? 'paramMinType' : 'paramMaxType';
    const valueField = side === 'Min' ? 'paramMin' : 'paramMax';
    const refField = side === 'Min' ? 'paramMinRefId' : 'paramMaxRefId';
    const equalField = side === 'Min' ? 'paramMinEqual' : 'paramMaxEqual';
    return (
      <>
        <Col xs={24} md={8}>
          <Form.Item name={typeField} label={label(typeField)}>
            <Radio.Group
              options={[
                { value: 0, label: t('catalogue.param.limitFixed') },
                { value: 1, label: t('catalogue.param.limitOther') },
              ]}
            />
          </Form.Item>
        </Col>
        {kind === 1 ? (
          <Col xs={24} md={10}>
            <Form.Item
              name={refField}
              label={label(refField)}
              required
              rules={[
                {
                  required: true,
                  message: fieldMessage(label(refField), { rule: 'required' }),
                },
              ]}
            >
              <Select allowClear options={others} placeholder={t('common.select')} />
            </Form.Item>
          </Col>
        ) : (
          <Col xs={24} md={10}>
            <Form.Item
              name={valueField}
              label={label(valueField)}
              rules={[schemaRule(shape[valueField], label(valueField))]}
            >
              <InputNumber {...whole} />
            </Form.Item>
          </Col>
        )}
        <Col xs={24} md={6}>
          <Form.Item name={equalField} label={label(equalField)} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
      </>
    );
  };

  return (
    <FormModal<ParamFields>
      open={editing !== null}
      title={current ? t('catalogue.param.edit') : t('catalogue.param.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={onClose}
      width={960}
      testId="param-form"
    >
      <Divider titlePlacement="start">{t('catalogue.param.sectionBasic')}</Divider>
      <Row gutter={16}>
        {item('paramName', <Input maxLength={PARAM_NAME_MAX} data-testid="param-name-input" />, {
          required: true,
        })}
        <Col xs={24} md={8}>
          <Form.Item
            name="paramKey"
            label={label('paramKey')}
            required
            extra={t('catalogue.param.keyHint')}
            rules={[schemaRule(paramKeySchema, label('paramKey'))]}
          >
            <Input maxLength={PARAM_KEY_DIGITS} data-testid="param-key-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="paramCode"
            label={label('paramCode')}
            rules={[schemaRule(paramCodeSchema.optional(), label('paramCode'))]}
          >
            <Input />
          </Form.Item>
        </Col>
        {item(
          'paramSortNo',
          <InputNumber min={1} precision={0} {...whole} data-testid="param-sort-input" />,
          {
            required: true,
          },
        )}
        {item('groupName', <Input maxLength={PARAM_GROUP_NAME_MAX} />)}
        <Col xs={24} md={8}>
          <Form.Item name="vocationalWork" label={label('vocationalWork')}>
            <Select
              data-testid="param-vocational"
              options={[
                { value: 0, label: t('catalogue.param.vocational0') },
                { value: PARAM_VOCATIONAL_PROBE, label: t('catalogue.param.vocational1') },
              ]}
            />
          </Form.Item>
        </Col>
        {vocationalWork === PARAM_VOCATIONAL_PROBE
          ? item(
              'probeId',
              <InputNumber min={1} max={99} precision={0} {...whole} data-testid="param-probe-input" />,
              {
                required: true,
              },
            )
          : null}
        {CODES.map((field) => item(field, <InputNumber min={0} max={99} precision={0} {...whole} />))}
        {item('description', <Input maxLength={PARAM_DESCRIPTION_MAX} />, { md: 16 })}
      </Row>

      <Divider titlePlacement="start">{t('catalogue.param.sectionValue')}</Divider>
      <Row gutter={16}>
        {item('precisionUnit', precision, { required: true })}
        <Col xs={24} md={8}>
          <Form.Item
            name="viewPrecisionUnit"
            label={label('viewPrecisionUnit')}
            dependencies={['precisionUnit']}
            rules={[
              schemaRule(shape.viewPrecisionUnit, label('viewPrecisionUnit')),
              ({ getFieldValue }) => ({
                validator: (_rule, value: number | null | undefined) => {
                  const transmission = getFieldValue('precisionUnit') as number | null | undefined;
                  if (typeof value === 'number' && typeof transmission === 'number' && value > transmission)
                    return Promise.reject(
                      new Error(fieldMessage(label('viewPrecisionUnit'), { rule: 'viewPrecision' })),
                    );
                  return Promise.resolve();
                },
              }),
            ]}
          >
            <InputNumber
              min={0}
              max={PRECISION_MAX}
              precision={0}
              {...whole}
              data-testid="param-view-precision"
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="paramUnit" label={label('paramUnit')}>
            <Select
              allowClear
              loading={units.isFetching}
              placeholder={t('catalogue.common.none')}
              options={(units.data ?? []).map((u) => ({
                value: u.id,
                label: `${u.unitName} (${u.unitCode})`,
              }))}
            />
          </Form.Item>
        </Col>
        {item('paramDefault', <Input maxLength={50} />)}
        {item('paramDefaultF', <Input maxLength={50} />)}
        {item('stepLength', <InputNumber min={0} {...whole} />)}
        <Col xs={12} md={4}>
          <Form.Item name="autoConvert" label={label('autoConvert')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={4}>
          <Form.Item name="enforceSend" label={label('enforceSend')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="refParamId" label={label('refParamId')}>
            <Select allowClear options={others} placeholder={t('catalogue.common.none')} />
          </Form.Item>
        </Col>
        {item('refParamExpression', <Input maxLength={PARAM_EXPRESSION_MAX} placeholder="(X-32)/1.8" />, {
          md: 8,
        })}
      </Row>

      <Divider titlePlacement="start">{t('catalogue.param.sectionLimits')}</Divider>
      <Row gutter={16}>
        {limit('Min', minType)}
        {limit('Max', maxType)}
      </Row>

      <Divider titlePlacement="start">{t('catalogue.param.sectionTexts')}</Divider>
      <Form.List
        name="valueRange"
        rules={[uniqueRule('valueRange', (v: { value?: string }) => v?.value?.trim())]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'value']}
                  rules={[schemaRule(valueText.value, t('catalogue.fields.value'))]}
                >
                  <Input
                    placeholder={t('catalogue.fields.value')}
                    maxLength={PARAM_VALUE_TEXT_MAX}
                    data-testid="param-value-input"
                  />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'text']}
                  rules={[schemaRule(valueText.text, t('catalogue.fields.text'))]}
                >
                  <Input
                    placeholder={t('catalogue.fields.text')}
                    maxLength={PARAM_VALUE_TEXT_MAX}
                    data-testid="param-text-input"
                  />
                </Form.Item>
                <MinusCircleOutlined
                  onClick={() => remove(field.name)}
                  aria-label={t('catalogue.common.delete')}
                />
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Form.Item extra={t('catalogue.param.textsHint')}>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                disabled={fields.length >= PARAM_VALUE_TEXTS_MAX}
                onClick={() => add({ value: '', text: '' })}
                data-testid="param-add-text"
              >
                {t('catalogue.param.addText')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>
      <Row gutter={16}>{item('bitLength', <InputNumber min={1} max={64} precision={0} {...whole} />)}</Row>
      <Form.List name="bitList" rules={[uniqueRule('bitList', (v: { bit?: number | null }) => v?.bit)]}>
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field) => (
              <Space key={field.key} align="baseline" wrap>
                <Form.Item
                  name={[field.name, 'bit']}
                  rules={[schemaRule(bitItem.bit, t('catalogue.fields.bit'))]}
                >
                  <InputNumber min={0} max={63} precision={0} placeholder={t('catalogue.fields.bit')} />
                </Form.Item>
                <Form.Item
                  name={[field.name, 'name']}
                  rules={[schemaRule(bitItem.name, t('catalogue.fields.name'))]}
                >
                  <Input placeholder={t('catalogue.fields.name')} maxLength={PARAM_VALUE_TEXT_MAX} />
                </Form.Item>
                <MinusCircleOutlined
                  onClick={() => remove(field.name)}
                  aria-label={t('catalogue.common.delete')}
                />
              </Space>
            ))}
            <Form.ErrorList errors={errors} />
            <Form.Item>
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ bit: fields.length, name: '' })}
              >
                {t('catalogue.param.addBit')}
              </Button>
            </Form.Item>
          </>
        )}
      </Form.List>

      <Divider titlePlacement="start">{t('catalogue.param.sectionCheck')}</Divider>
      <Row gutter={16}>
        {item('regExp', <Input maxLength={PARAM_REGEXP_MAX} />, { md: 12 })}
        {item('regExpTip', <Input maxLength={PARAM_REGEXP_TIP_MAX} />, { md: 12 })}
      </Row>
    </FormModal>
  );
}
