import {
  formulaSchema,
  UNIT_CODE_MAX,
  UNIT_FORMULA_MAX,
  UNIT_NAME_MAX,
  type Unit,
  type UnitInsert,
  unitFieldsSchema,
  unitRuleIssues,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Row,
  Select,
  Space,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueKeys, unitApi, useUnits } from '../../../api/catalogue.ts';
import { ApiError } from '../../../api/http.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { schemaRule, showRuleIssues, showSaveError } from '../../../components/schema-rules.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { FormModal, flag, textOrNull } from '../shared.tsx';

const LIST_KEY = [...catalogueKeys.units, 'page'] as const;
const shape = unitFieldsSchema.shape;

interface UnitFields {
  unitName: string;
  unitCode: string;
  unitClassify: string;
  localeCode: string;
  basicUnitStatus: boolean;
  unitPic: string;
  alarmPic: string;
  toBasicFormula: string;
  formBasicFormula: string;
}
const FIELD_NAMES: readonly (keyof UnitFields)[] = [
  'unitName',
  'unitCode',
  'unitClassify',
  'localeCode',
  'basicUnitStatus',
  'unitPic',
  'alarmPic',
  'toBasicFormula',
  'formBasicFormula',
];

function initialValues(unit: Unit | null): UnitFields {
  return {
    unitName: unit?.unitName ?? '',
    unitCode: unit?.unitCode ?? '',
    unitClassify: unit?.unitClassify ?? '',
    localeCode: unit?.localeCode ?? '',
    basicUnitStatus: unit?.basicUnitStatus === 1,
    unitPic: unit?.unitPic ?? '',
    alarmPic: unit?.alarmPic ?? '',
    toBasicFormula: unit?.toBasicFormula ?? '',
    formBasicFormula: unit?.formBasicFormula ?? '',
  };
}

function unitBody(values: UnitFields): UnitInsert {
  return {
    unitName: values.unitName.trim(),
    unitCode: values.unitCode.trim(),
    unitClassify: values.unitClassify.trim(),
    localeCode: textOrNull(values.localeCode),
    basicUnitStatus: flag(values.basicUnitStatus),
    unitPic: textOrNull(values.unitPic),
    alarmPic: textOrNull(values.alarmPic),
    toBasicFormula: textOrNull(values.toBasicFormula),
    formBasicFormula: textOrNull(values.formBasicFormula),
  };
}

function UnitForm(props: { editing: Unit | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<UnitFields>();
  const [saving, setSaving] = useState(false);
  const current = props.editing === 'new' ? null : props.editing;
  const label = (field: keyof typeof shape) => t(`catalogue.fields.${field}`);
  const basic = Form.useWatch('basicUnitStatus', form);

  useEffect(() => {
    if (props.editing !== null) form.setFieldsValue(initialValues(current));
  }, [props.editing, current, form]);

  const save = async (values: UnitFields) => {
    const body = unitBody(values);
    // A unit that is not its classification's basic unit needs both formulas (002 §3).
    if (showRuleIssues(form, unitRuleIssues(body))) return;
    setSaving(true);
    try {
      if (current) await unitApi.update({ id: current.id, ...body });
      else await unitApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved();
    } catch (error) {
      showSaveError(form, error, { fields: FIELD_NAMES });
    } finally {
      setSaving(false);
    }
  };

  const text = (
    field: keyof UnitFields & keyof typeof shape,
    max: number,
    required = false,
    hint?: string,
  ) => (
    <Col xs={24} md={12} key={field}>
      <Form.Item
        name={field}
        label={label(field)}
        required={required}
        extra={hint}
        rules={[schemaRule(shape[field], label(field))]}
      >
        <Input maxLength={max} data-testid={`unit-${field}`} />
      </Form.Item>
    </Col>
  );
  const formula = (field: 'toBasicFormula' | 'formBasicFormula') => (
    <Col xs={24} md={12} key={field}>
      <Form.Item
        name={field}
        label={label(field)}
        required={!basic}
        extra={t('catalogue.unit.formulaHint')}
        rules={[schemaRule(formulaSchema.optional(), label(field))]}
      >
        <Input
          maxLength={UNIT_FORMULA_MAX}
          showCount
          placeholder="(X-32)/1.8"
          data-testid={`unit-${field}`}
        />
      </Form.Item>
    </Col>
  );

  return (
    <FormModal<UnitFields>
      open={props.editing !== null}
      title={current ? t('catalogue.unit.edit') : t('catalogue.unit.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={760}
      testId="unit-form"
    >
      <Row gutter={16}>
        {text('unitName', UNIT_NAME_MAX, true)}
        {text('unitCode', UNIT_CODE_MAX, true)}
        {text('unitClassify', UNIT_CODE_MAX, true, t('catalogue.unit.classifyHint'))}
        {text('localeCode', 10)}
        <Col xs={24}>
          <Form.Item
            name="basicUnitStatus"
            label={label('basicUnitStatus')}
            valuePropName="checked"
            extra={t('catalogue.unit.basicHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        {formula('toBasicFormula')}
        {formula('formBasicFormula')}
        {text('unitPic', 500, false, t('catalogue.common.linkHint'))}
        {text('alarmPic', 500, false, t('catalogue.common.linkHint'))}
      </Row>
    </FormModal>
  );
}

/** The conversion try-out: a value from one unit to another through their basic unit, as the server does. */
function ConvertCard() {
  const { t } = useTranslation();
  const access = useAccess();
  const units = useUnits(access.action('query'));
  const [from, setFrom] = useState<number | null>(null);
  const [to, setTo] = useState<number | null>(null);
  const [value, setValue] = useState<number | null>(null);
  const [result, setResult] = useState<{ text: string; ok: boolean } | null>(null);
  const [busy, setBusy] = useState(false);
  const options = (units.data ?? []).map((u) => ({
    value: u.id,
    label: `${u.unitName} (${u.unitCode}) · ${u.unitClassify}`,
  }));
  const unitCode = (id: number | null) => units.data?.find((u) => u.id === id)?.unitCode ?? '';

  const run = async () => {
    if (from === null || to === null || value === null) {
      setResult({ text: t('catalogue.unit.convertMissing'), ok: false });
      return;
    }
    setBusy(true);
    try {
      const answer = await unitApi.convert(from, to, value);
      setResult({ text: `${value} ${unitCode(from)} = ${answer.value} ${unitCode(to)}`, ok: true });
    } catch (error) {
      if (error instanceof ApiError && !error.endedSession && error.kind !== 'aborted')
        setResult({ text: error.message, ok: false });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card size="small" title={t('catalogue.unit.convertTitle')}>
      <Space wrap align="center">
        <Select
          style={{ minWidth: 220 }}
          placeholder={t('catalogue.fields.fromUnitId')}
          aria-label={t('catalogue.fields.fromUnitId')}
          options={options}
          value={from ?? undefined}
          onChange={(id: number) => setFrom(id)}
          data-testid="convert-from"
        />
        <InputNumber
          placeholder={t('catalogue.fields.value')}
          value={value}
          onChange={(v) => setValue(typeof v === 'number' ? v : null)}
          data-testid="convert-value"
        />
        <Select
          style={{ minWidth: 220 }}
          placeholder={t('catalogue.fields.toUnitId')}
          aria-label={t('catalogue.fields.toUnitId')}
          options={options}
          value={to ?? undefined}
          onChange={(id: number) => setTo(id)}
          data-testid="convert-to"
        />
        <Button type="primary" loading={busy} onClick={() => void run()} data-testid="convert-run">
          {t('catalogue.unit.convertRun')}
        </Button>
        {result ? (
          <Typography.Text type={result.ok ? undefined : 'danger'} data-testid="convert-result">
            {result.text}
          </Typography.Text>
        ) : null}
      </Space>
    </Card>
  );
}

/** /product/paramUnit: parameter units with their formulas in X (002 §3, §5). */
export default function ParamUnitPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useAccess();
  const [editing, setEditing] = useState<Unit | 'new' | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.units });
  };

  const columns: ColumnsType<Unit> = [
    { dataIndex: 'unitName', title: t('catalogue.fields.unitName'), sorter: true },
    { dataIndex: 'unitCode', title: t('catalogue.fields.unitCode'), sorter: true },
    { dataIndex: 'unitClassify', title: t('catalogue.fields.unitClassify'), sorter: true },
    {
      dataIndex: 'basicUnitStatus',
      title: t('catalogue.fields.basicUnitStatus'),
      width: 110,
      render: (v: number) => (v === 1 ? <Tag color="orange">{t('catalogue.unit.basic')}</Tag> : '-'),
    },
    {
      dataIndex: 'toBasicFormula',
      title: t('catalogue.fields.toBasicFormula'),
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-'),
    },
    {
      dataIndex: 'formBasicFormula',
      title: t('catalogue.fields.formBasicFormula'),
      render: (v: string | null) => (v ? <Typography.Text code>{v}</Typography.Text> : '-'),
    },
  ];

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ListPage<Unit>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => unitApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="unitName" label={t('catalogue.fields.unitName')}>
              <Input allowClear maxLength={UNIT_NAME_MAX} />
            </Form.Item>
            <Form.Item name="unitClassify" label={t('catalogue.fields.unitClassify')}>
              <Input allowClear maxLength={UNIT_CODE_MAX} />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            <CrudButtons
              rows={rows}
              testId="unit"
              addLabel={t('catalogue.unit.add')}
              onAdd={() => setEditing('new')}
              onEdit={setEditing}
              remove={unitApi.remove}
              refresh={refresh}
            />
          </>
        )}
      />
      {access.action('query') ? <ConvertCard /> : null}
      <UnitForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
    </Space>
  );
}
