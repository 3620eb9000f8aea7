import {
  ERRORS,
  MODEL_ATTRIBUTE_MAX,
  MODEL_CODE_DIGITS,
  MODEL_DESC_MAX,
  MODEL_NAME_MAX,
  MODEL_TYPE_MAX,
  type Model,
  type ModelInsert,
  modelCodeSchema,
  modelFieldsSchema,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Switch, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueKeys, modelApi, useDeviceTypeOptions } from '../../../api/catalogue.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { schemaRule, showSaveError } from '../../../components/schema-rules.ts';
import { requireSelection } from '../../../components/selection.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { attempt, FormModal, flag, formatTime, textOrNull } from '../shared.tsx';

const LIST_KEY = [...catalogueKeys.models, 'page'] as const;
const shape = modelFieldsSchema.shape;

/** Optional texts of a model (002 §3), each with its own limit. */
const TEXTS = [
  ['modelType', MODEL_TYPE_MAX],
  ['modelVolume', MODEL_ATTRIBUTE_MAX],
  ['temperatureRange', MODEL_ATTRIBUTE_MAX],
  ['modelVoltage', MODEL_ATTRIBUTE_MAX],
  ['modelRefrigerationPower', MODEL_ATTRIBUTE_MAX],
  ['modelDefrostPower', MODEL_ATTRIBUTE_MAX],
] as const;
type TextField = (typeof TEXTS)[number][0];

type ModelFields = Record<TextField, string> & {
  modelName: string;
  modelCode: string;
  deviceTypeId: number | null;
  modelPic: string;
  modelLogo: string;
  modelDesc: string;
  modelFlag: boolean;
};

const FIELD_NAMES: readonly string[] = [
  ...TEXTS.map(([field]) => field),
  'modelName',
  'modelCode',
  'deviceTypeId',
  'modelPic',
  'modelLogo',
  'modelDesc',
  'modelFlag',
];

function initialValues(model: Model | null): ModelFields {
  return {
    modelName: model?.modelName ?? '',
    modelCode: model?.modelCode ?? '',
    deviceTypeId: model?.deviceTypeId ?? null,
    modelType: model?.modelType ?? '',
    modelPic: model?.modelPic ?? '',
    modelLogo: model?.modelLogo ?? '',
    modelVolume: model?.modelVolume ?? '',
    temperatureRange: model?.temperatureRange ?? '',
    modelVoltage: model?.modelVoltage ?? '',
    modelRefrigerationPower: model?.modelRefrigerationPower ?? '',
    modelDefrostPower: model?.modelDefrostPower ?? '',
    modelDesc: model?.modelDesc ?? '',
    modelFlag: model ? model.modelFlag === 1 : true,
  };
}

function modelBody(values: ModelFields): ModelInsert {
  return {
    modelName: values.modelName.trim(),
    modelCode: values.modelCode.trim(),
    deviceTypeId: values.deviceTypeId ?? null,
    modelType: textOrNull(values.modelType),
    modelPic: textOrNull(values.modelPic),
    modelLogo: textOrNull(values.modelLogo),
    modelVolume: textOrNull(values.modelVolume),
    temperatureRange: textOrNull(values.temperatureRange),
    modelVoltage: textOrNull(values.modelVoltage),
    modelRefrigerationPower: textOrNull(values.modelRefrigerationPower),
    modelDefrostPower: textOrNull(values.modelDefrostPower),
    modelDesc: textOrNull(values.modelDesc),
    modelFlag: flag(values.modelFlag),
  };
}

function ModelForm(props: { editing: Model | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelFields>();
  const [saving, setSaving] = useState(false);
  const types = useDeviceTypeOptions();
  const current = props.editing === 'new' ? null : props.editing;
  const label = (field: keyof typeof shape) => t(`catalogue.fields.${field}`);

  useEffect(() => {
    if (props.editing !== null) form.setFieldsValue(initialValues(current));
  }, [props.editing, current, form]);

  const save = async (values: ModelFields) => {
    setSaving(true);
    try {
      const body = modelBody(values);
      if (current) await modelApi.update({ id: current.id, ...body });
      else await modelApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved();
    } catch (error) {
      showSaveError(form, error, {
        fields: FIELD_NAMES,
        codeFields: { [ERRORS.modelCodeTaken.code]: 'modelCode' },
      });
    } finally {
      setSaving(false);
    }
  };

  const text = (field: TextField | 'modelPic' | 'modelLogo', max: number, hint?: string) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item
        name={field}
        label={label(field)}
        extra={hint}
        rules={[schemaRule(shape[field], label(field))]}
      >
        <Input maxLength={max} />
      </Form.Item>
    </Col>
  );

  return (
    <FormModal<ModelFields>
      open={props.editing !== null}
      title={current ? t('catalogue.model.edit') : t('catalogue.model.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={760}
      testId="model-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="modelName"
            label={label('modelName')}
            required
            rules={[schemaRule(shape.modelName, label('modelName'))]}
          >
            <Input maxLength={MODEL_NAME_MAX} showCount data-testid="model-name-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="modelCode"
            label={label('modelCode')}
            required
            extra={t('catalogue.model.codeHint')}
            rules={[schemaRule(modelCodeSchema, label('modelCode'))]}
          >
            <Input maxLength={MODEL_CODE_DIGITS} data-testid="model-code-input" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="deviceTypeId" label={label('deviceTypeId')}>
            <Select
              allowClear
              showSearch={{ optionFilterProp: 'label' }}
              loading={types.isFetching}
              placeholder={t('catalogue.common.none')}
              options={(types.data ?? []).map((o) => ({
                value: o.id,
                label: `${o.typeName} (${o.typeCode})`,
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="modelFlag" label={label('modelFlag')} valuePropName="checked">
            <Switch
              checkedChildren={t('catalogue.common.on')}
              unCheckedChildren={t('catalogue.common.off')}
            />
          </Form.Item>
        </Col>
        {TEXTS.map(([field, max]) => text(field, max))}
        {text('modelPic', 500, t('catalogue.common.linkHint'))}
        {text('modelLogo', 500, t('catalogue.common.linkHint'))}
        <Col xs={24}>
          <Form.Item
            name="modelDesc"
            label={label('modelDesc')}
            rules={[schemaRule(shape.modelDesc, label('modelDesc'))]}
          >
            <Input.TextArea rows={2} maxLength={MODEL_DESC_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

/** Model codes (002 §3, §4): enabled or disabled, optionally tied to a device type. */
export function ModelList() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const types = useDeviceTypeOptions();
  const [editing, setEditing] = useState<Model | 'new' | null>(null);
  const typeName = (id: number | null) => {
    if (id === null) return '-';
    const found = types.data?.find((o) => o.id === id);
    return found ? found.typeName : String(id);
  };

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.models });
  };

  const setState = (rows: Model[], modelFlag: 0 | 1) => {
    if (!requireSelection(rows.length, 'some')) return;
    void confirmPrompt({
      kind: 'batch',
      onOk: async () => {
        if (await attempt(async () => Promise.all(rows.map((r) => modelApi.setState(r.id, modelFlag)))))
          flash(
            'success',
            t(modelFlag === 1 ? 'catalogue.model.enabledDone' : 'catalogue.model.disabledDone'),
          );
        refresh();
      },
    });
  };

  const columns: ColumnsType<Model> = [
    { dataIndex: 'modelName', title: t('catalogue.fields.modelName'), sorter: true },
    { dataIndex: 'modelCode', title: t('catalogue.fields.modelCode'), sorter: true, width: 120 },
    { dataIndex: 'deviceTypeId', title: t('catalogue.fields.deviceTypeId'), render: typeName },
    {
      dataIndex: 'modelType',
      title: t('catalogue.fields.modelType'),
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'modelFlag',
      title: t('catalogue.fields.modelFlag'),
      width: 110,
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
      <ListPage<Model>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => modelApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="modelName" label={t('catalogue.fields.modelName')}>
              <Input allowClear maxLength={MODEL_NAME_MAX} />
            </Form.Item>
            <Form.Item name="modelCode" label={t('catalogue.fields.modelCode')}>
              <Input allowClear maxLength={MODEL_CODE_DIGITS} style={{ width: 100 }} />
            </Form.Item>
            <Form.Item name="deviceTypeId" label={t('catalogue.fields.deviceTypeId')}>
              <Select
                allowClear
                showSearch={{ optionFilterProp: 'label' }}
                style={{ width: 200 }}
                placeholder={t('common.select')}
                options={(types.data ?? []).map((o) => ({ value: o.id, label: o.typeName }))}
              />
            </Form.Item>
            <Form.Item name="modelFlag" label={t('catalogue.fields.modelFlag')}>
              <Select
                allowClear
                style={{ width: 130 }}
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
          <>
            <CrudButtons
              rows={rows}
              testId="model"
              addLabel={t('catalogue.model.add')}
              onAdd={() => setEditing('new')}
              onEdit={setEditing}
              remove={modelApi.remove}
              refresh={refresh}
            />
            <IfAction action="edit">
              <Button onClick={() => setState(rows, 1)} data-testid="model-enable">
                {t('catalogue.model.enable')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button onClick={() => setState(rows, 0)} data-testid="model-disable">
                {t('catalogue.model.disable')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <ModelForm
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
