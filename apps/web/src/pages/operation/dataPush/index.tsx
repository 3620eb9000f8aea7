import {
  DATA_PUSH_NAME_MAX,
  DATA_PUSH_REMARK_MAX,
  DATA_PUSH_SECRET_MAX,
  DATA_PUSH_TYPES,
  DATA_PUSH_URL_MAX,
  type DataPushConfig,
  type DataPushConfigDetail,
  type DataPushType,
  dataPushConfigInsertSchema,
  type PushRecordStatus,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import type { ButtonProps } from 'antd';
import {
  Button,
  Checkbox,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Switch,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dataPushApi, deliveryKeys } from '../../../api/delivery.ts';
import { flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { requireSelection } from '../../../components/selection.ts';
import { alarmSchemaRule } from '../../message/shared/alarm-rules.ts';
import { CrudButtons } from '../../product/crud-buttons.tsx';
import { FormModal, flag, formatTime, textOrNull } from '../../product/shared.tsx';

const LIST_KEY = [...deliveryKeys.dataPush, 'page'] as const;
const shape = dataPushConfigInsertSchema.shape;

interface DataPushFields {
  accountId: number | null;
  configName: string;
  pushUrl: string;
  pushTypes: DataPushType[];
  enabled: boolean;
  allowPrivate: boolean;
  remark?: string;
  /** Empty: a new configuration gets a generated secret, an edited one keeps its own. */
  secret?: string;
}
const FIELD_NAMES = [
  'accountId',
  'configName',
  'pushUrl',
  'pushTypes',
  'enabled',
  'allowPrivate',
  'remark',
  'secret',
];

function DataPushForm(props: {
  editing: DataPushConfigDetail | 'new' | null;
  onClose: () => void;
  onSaved: (saved: DataPushConfigDetail) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<DataPushFields>();
  const [saving, setSaving] = useState(false);
  const current = props.editing === 'new' ? null : props.editing;
  const label = (field: string) => t(`alarms.fields.${field}` as 'alarms.fields.configName');

  useEffect(() => {
    if (props.editing === null) return;
    form.setFieldsValue({
      accountId: current?.accountId ?? null,
      configName: current?.configName ?? '',
      pushUrl: current?.pushUrl ?? '',
      pushTypes: current?.pushTypes ?? ['alarms'],
      enabled: (current?.enabled ?? 1) === 1,
      allowPrivate: current?.allowPrivate === 1,
      remark: current?.remark ?? '',
      secret: '',
    });
  }, [props.editing, current, form]);

  const save = async (values: DataPushFields) => {
    const secret = values.secret?.trim();
    const body = {
      accountId: values.accountId ?? 0,
      configName: values.configName.trim(),
      pushUrl: values.pushUrl.trim(),
      pushTypes: values.pushTypes,
      enabled: flag(values.enabled),
      allowPrivate: flag(values.allowPrivate),
      remark: textOrNull(values.remark),
      ...(secret ? { secret } : {}),
    };
    setSaving(true);
    try {
      const saved = current
        ? await dataPushApi.update({ id: current.id, ...body })
        : await dataPushApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved(saved);
    } catch (error) {
      showSaveError(form, error, { fields: FIELD_NAMES });
    } finally {
      setSaving(false);
    }
  };

  return (
    <FormModal<DataPushFields>
      open={props.editing !== null}
      title={current ? t('alarms.dataPush.edit') : t('alarms.dataPush.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={720}
      testId="data-push-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="configName"
            label={label('configName')}
            required
            rules={[alarmSchemaRule(shape.configName, label('configName'))]}
          >
            <Input maxLength={DATA_PUSH_NAME_MAX} showCount data-testid="data-push-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="accountId"
            label={label('accountId')}
            required
            extra={t('alarms.dataPush.accountHint')}
            rules={[alarmSchemaRule(shape.accountId, label('accountId'))]}
          >
            <InputNumber min={1} precision={0} style={{ width: '100%' }} data-testid="data-push-account" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="pushUrl"
            label={label('pushUrl')}
            required
            rules={[alarmSchemaRule(shape.pushUrl, label('pushUrl'))]}
          >
            <Input maxLength={DATA_PUSH_URL_MAX} placeholder="https://" data-testid="data-push-url" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="pushTypes"
            label={label('pushTypes')}
            required
            rules={[alarmSchemaRule(shape.pushTypes, label('pushTypes'))]}
          >
            <Checkbox.Group
              options={DATA_PUSH_TYPES.map((type) => ({
                value: type,
                label: t(`alarms.dataPush.types.${type}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item name="enabled" label={label('enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={12} md={6}>
          <Form.Item
            name="allowPrivate"
            label={label('allowPrivate')}
            valuePropName="checked"
            tooltip={t('alarms.dataPush.allowPrivateHint')}
          >
            <Switch />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="secret"
            label={label('secret')}
            extra={current ? t('alarms.dataPush.secretKeep') : t('alarms.dataPush.secretGenerated')}
            rules={[alarmSchemaRule(shape.secret, label('secret'))]}
          >
            <Input.Password maxLength={DATA_PUSH_SECRET_MAX} autoComplete="new-password" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item
            name="remark"
            label={label('remark')}
            rules={[alarmSchemaRule(shape.remark, label('remark'))]}
          >
            <Input.TextArea rows={2} maxLength={DATA_PUSH_REMARK_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

/**
 * /operation/dataPush: webhooks that receive an account's readings and alarms (000 §2.5 data push),
 * each request signed with the configuration's secret; a test sends one signed event at once.
 */
export default function DataPushPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<DataPushConfigDetail | 'new' | null>(null);
  const [shownSecret, setShownSecret] = useState<DataPushConfigDetail | null>(null);
  const [testing, setTesting] = useState(false);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: deliveryKeys.dataPush });
  };

  /** The edit form needs the secret-bearing detail, read only when asked for. */
  const openEdit = async (row: DataPushConfig) => {
    try {
      setEditing(await dataPushApi.detail(row.id));
    } catch {
      // The http client has shown why.
    }
  };

  const runTest = async (rows: DataPushConfig[]) => {
    const [only] = rows;
    if (!requireSelection(rows.length, 'one') || !only) return;
    setTesting(true);
    try {
      const result = await dataPushApi.test(only.id);
      const outcome = t(`alarms.delivery.statuses.${result.status as PushRecordStatus}`);
      const detail = [result.httpStatus ? `HTTP ${result.httpStatus}` : null, result.error]
        .filter(Boolean)
        .join(' · ');
      flash(result.status === 'sent' ? 'success' : 'error', detail ? `${outcome}: ${detail}` : outcome);
    } catch {
      // The http client has shown why.
    } finally {
      setTesting(false);
    }
  };

  const columns: ColumnsType<DataPushConfig> = [
    { dataIndex: 'configName', title: t('alarms.fields.configName') },
    { dataIndex: 'userName', title: t('alarms.fields.userName') },
    {
      dataIndex: 'pushUrl',
      title: t('alarms.fields.pushUrl'),
      render: (url: string) => <Typography.Text style={{ wordBreak: 'break-all' }}>{url}</Typography.Text>,
    },
    {
      dataIndex: 'pushTypes',
      title: t('alarms.fields.pushTypes'),
      render: (types: DataPushType[]) =>
        types.map((type) => <Tag key={type}>{t(`alarms.dataPush.types.${type}`)}</Tag>),
    },
    {
      dataIndex: 'enabled',
      title: t('alarms.fields.enabled'),
      width: 100,
      render: (v: number) =>
        v === 1 ? (
          <Tag color="green">{t('catalogue.common.on')}</Tag>
        ) : (
          <Tag>{t('catalogue.common.off')}</Tag>
        ),
    },
    {
      dataIndex: 'secretHint',
      title: t('alarms.fields.secret'),
      width: 110,
      render: (hint: string) => <Typography.Text code>{`${hint}…`}</Typography.Text>,
    },
    { dataIndex: 'updatedAt', title: t('catalogue.common.updatedAt'), width: 180, render: formatTime },
  ];

  return (
    <>
      <ListPage<DataPushConfig>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => dataPushApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="configName" label={t('alarms.fields.configName')}>
              <Input allowClear maxLength={DATA_PUSH_NAME_MAX} />
            </Form.Item>
            <Form.Item name="userName" label={t('alarms.fields.userName')}>
              <Input allowClear maxLength={50} />
            </Form.Item>
            <Form.Item name="enabled" label={t('alarms.fields.enabled')}>
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
          <>
            <CrudButtons
              rows={rows}
              testId="data-push"
              addLabel={t('alarms.dataPush.add')}
              onAdd={() => setEditing('new')}
              onEdit={(row) => void openEdit(row)}
              remove={dataPushApi.remove}
              refresh={refresh}
            />
            <IfAction action="edit">
              <Button loading={testing} onClick={() => void runTest(rows)} data-testid="data-push-test">
                {t('alarms.dataPush.test')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <DataPushForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          setShownSecret(saved);
          refresh();
        }}
      />
      {shownSecret ? <SecretModal config={shownSecret} onClose={() => setShownSecret(null)} /> : null}
    </>
  );
}

/** After a save the secret is shown once, so the receiver can be set up to check signatures. */
function SecretModal({ config, onClose }: { config: DataPushConfigDetail; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={t('alarms.dataPush.secretTitle', { name: config.configName })}
      okText={t('common.close')}
      onOk={onClose}
      onCancel={onClose}
      cancelButtonProps={{ style: { display: 'none' } }}
      okButtonProps={{ 'data-testid': 'data-push-secret-close' } as ButtonProps}
    >
      <Typography.Paragraph>{t('alarms.dataPush.secretHint')}</Typography.Paragraph>
      <Typography.Text code copyable data-testid="data-push-secret">
        {config.secret}
      </Typography.Text>
    </Modal>
  );
}
