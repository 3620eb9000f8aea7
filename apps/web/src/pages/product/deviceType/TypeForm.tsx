import {
  DEVICE_SCENES,
  DEVICE_TYPE_ADD_TYPES,
  DEVICE_TYPE_DESC_MAX,
  DEVICE_TYPE_NAME_MAX,
  type DeviceType,
  deviceTypeFieldsSchema,
  ERRORS,
  typeCodeSchema,
} from '@coldchain/shared';
import { Col, Divider, Form, Input, InputNumber, Radio, Row, Select, Switch } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceTypeApi, useSeriesOptions, useTypeParams } from '../../../api/catalogue.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { schemaRule, showSaveError } from '../../../components/schema-rules.ts';
import { FormModal } from '../shared.tsx';
import {
  CODES,
  type CodeField,
  SWITCHES,
  type SwitchField,
  TYPE_FIELD_NAMES,
  type TypeFields,
  typeBody,
  typeInitialValues,
} from './type-fields.ts';

const shape = deviceTypeFieldsSchema.shape;

export interface TypeFormProps {
  /** The type being edited, 'new' for a new one, null when closed. */
  editing: DeviceType | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Adding and editing a device type with every field of 002 §3 and the rules of §5. */
export function TypeForm({ editing, onClose, onSaved }: TypeFormProps) {
  const { t } = useTranslation();
  const access = useAccess();
  const [form] = Form.useForm<TypeFields>();
  const [saving, setSaving] = useState(false);
  const current = editing === 'new' ? null : editing;
  const series = useSeriesOptions(editing !== null && access.permission('product.series', 'query'));
  // A type names its energy parameter among its own, so only an existing type can name one.
  const params = useTypeParams(current && access.permission('product.param', 'query') ? current.id : null);
  const label = (field: keyof typeof shape) => t(`catalogue.fields.${field}`);

  useEffect(() => {
    if (editing !== null) form.setFieldsValue(typeInitialValues(current));
  }, [editing, current, form]);

  const save = async (values: TypeFields) => {
    setSaving(true);
    try {
      const body = typeBody(values);
      if (current) {
        await deviceTypeApi.update({
          id: current.id,
          ...body,
          energyParamId: values.energyParamId ?? null,
          ...(values.typeStatus !== current.typeStatus && values.typeStatus !== 2
            ? { typeStatus: values.typeStatus }
            : {}),
        });
      } else {
        await deviceTypeApi.insert({ ...body, typeStatus: values.typeStatus === 1 ? 1 : 0 });
      }
      toastSuccess(current ? 'edit' : 'add');
      onSaved();
    } catch (error) {
      showSaveError(form, error, {
        fields: TYPE_FIELD_NAMES,
        codeFields: { [ERRORS.typeCodeTaken.code]: 'typeCode' },
      });
    } finally {
      setSaving(false);
    }
  };

  const statusOptions = [
    { value: 0, label: t('catalogue.type.status0') },
    { value: 1, label: t('catalogue.type.status1') },
    ...(current?.typeStatus === 2 ? [{ value: 2, label: t('catalogue.type.status2') }] : []),
  ];
  const code = (field: CodeField) => (
    <Col xs={24} sm={12} md={8} key={field}>
      <Form.Item name={field} label={label(field)} rules={[schemaRule(shape[field], label(field))]}>
        <InputNumber min={0} max={99} precision={0} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  const toggle = (field: SwitchField) => (
    <Col xs={12} md={8} key={field}>
      <Form.Item name={field} label={label(field)} valuePropName="checked">
        <Switch data-testid={`type-${field}`} />
      </Form.Item>
    </Col>
  );

  return (
    <FormModal<TypeFields>
      open={editing !== null}
      title={current ? t('catalogue.type.edit') : t('catalogue.type.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={onClose}
      width={920}
      testId="type-form"
    >
      <Divider titlePlacement="start">{t('catalogue.type.sectionBasic')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="typeName"
            label={label('typeName')}
            required
            rules={[schemaRule(shape.typeName, label('typeName'))]}
          >
            <Input maxLength={DEVICE_TYPE_NAME_MAX} showCount data-testid="type-name-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="typeCode"
            label={label('typeCode')}
            required
            extra={t('catalogue.type.codeHint')}
            rules={[schemaRule(typeCodeSchema, label('typeCode'))]}
          >
            <Input data-testid="type-code-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="typeScenes"
            label={label('typeScenes')}
            required
            extra={t('catalogue.type.scenesHint')}
            rules={[schemaRule(shape.typeScenes, label('typeScenes'))]}
          >
            <Select
              mode="multiple"
              data-testid="type-scenes"
              options={DEVICE_SCENES.map((scene) => ({
                value: scene,
                label: t(`catalogue.type.scene${scene}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="typeSeries" label={label('typeSeries')}>
            <Select
              allowClear
              loading={series.isFetching}
              placeholder={t('catalogue.common.none')}
              options={(series.data ?? []).map((s) => ({ value: s.id, label: s.seriesName }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="typeStatus" label={label('typeStatus')}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="addType" label={label('addType')}>
            <Radio.Group
              options={DEVICE_TYPE_ADD_TYPES.map((value) => ({
                value,
                label: t(`catalogue.type.addType${value}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="typeDesc"
            label={label('typeDesc')}
            rules={[schemaRule(shape.typeDesc, label('typeDesc'))]}
          >
            <Input.TextArea rows={2} maxLength={DEVICE_TYPE_DESC_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('catalogue.type.sectionFeatures')}</Divider>
      <Row gutter={16}>
        {SWITCHES.map(toggle)}
        <Col xs={24} md={8}>
          <Form.Item name="convertStatus" label={label('convertStatus')}>
            <Radio.Group
              options={[
                { value: 0, label: t('catalogue.type.convert0') },
                { value: 1, label: t('catalogue.type.convert1') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="energyType" label={label('energyType')}>
            <Select
              allowClear
              placeholder={t('catalogue.common.none')}
              options={[
                { value: 1, label: t('catalogue.type.energy1') },
                { value: 2, label: t('catalogue.type.energy2') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item
            name="energyParamId"
            label={label('energyParamId')}
            extra={t('catalogue.type.energyHint')}
          >
            <Select
              allowClear
              disabled={!current}
              loading={params.isFetching}
              placeholder={t('catalogue.common.none')}
              options={(params.data ?? []).map((p) => ({
                value: p.id,
                label: `${p.paramName} (${p.paramKey})`,
              }))}
            />
          </Form.Item>
        </Col>
      </Row>

      <Divider titlePlacement="start">{t('catalogue.type.sectionNetwork')}</Divider>
      <Row gutter={16}>{CODES.map(code)}</Row>

      <Divider titlePlacement="start">{t('catalogue.type.sectionLinks')}</Divider>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="deviceImg"
            label={label('deviceImg')}
            extra={t('catalogue.common.linkHint')}
            rules={[schemaRule(shape.deviceImg, label('deviceImg'))]}
          >
            <Input />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="manualUrl"
            label={label('manualUrl')}
            extra={t('catalogue.common.linkHint')}
            rules={[schemaRule(shape.manualUrl, label('manualUrl'))]}
          >
            <Input />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}
