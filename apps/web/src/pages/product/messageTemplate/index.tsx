import {
  ALARM_CAUSES,
  ALARM_TEMPLATE_PLACEHOLDERS,
  LOCALES,
  type Locale,
  MESSAGE_TEMPLATE_BODY_MAX,
  MESSAGE_TEMPLATE_NAME_MAX,
  MESSAGE_TEMPLATE_SUBJECT_MAX,
  type MessageTemplate,
  type MessageTemplateInsert,
  messageTemplateInsertSchema,
  NOTIFICATION_KINDS,
  type NotificationKind,
  type TemplateBodyField,
  templateBodyIssue,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Space, Tabs, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { type SyntheticEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { alarmQueryKeys, templateApi } from '../../../api/alarm.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { LANGUAGE_NAMES } from '../../../app/i18n.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { alarmSchemaRule, ruleMessage } from '../../message/shared/alarm-rules.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { FormModal, formatTime, textOrNull } from '../shared.tsx';
import { insertPlaceholder } from './template-text.ts';

const LIST_KEY = [...alarmQueryKeys.templates, 'page'] as const;
const shape = messageTemplateInsertSchema.shape;

/** The channel bodies of a template (002 §3: system, e-mail, SMS, WeChat, voice). */
const BODIES: readonly {
  field: TemplateBodyField;
  channel: 'system' | 'email' | 'sms' | 'wechat' | 'voice';
}[] = [
  { field: 'systemContent', channel: 'system' },
  { field: 'emailContent', channel: 'email' },
  { field: 'smsContent', channel: 'sms' },
  { field: 'wechatContent', channel: 'wechat' },
  { field: 'voiceContent', channel: 'voice' },
];

interface TemplateFields {
  msgName: string;
  type: NotificationKind;
  subtype?: string | null;
  localeCode: Locale;
  systemContent: string;
  emailSubject?: string;
  emailContent?: string;
  smsContent?: string;
  wechatContent?: string;
  voiceContent?: string;
}
const FIELD_NAMES: readonly string[] = [
  'msgName',
  'type',
  'subtype',
  'localeCode',
  'emailSubject',
  ...BODIES.map((b) => b.field),
];

function initialValues(template: MessageTemplate | null, locale: Locale): TemplateFields {
  return {
    msgName: template?.msgName ?? '',
    type: template?.type ?? 'level',
    subtype: template?.subtype ?? null,
    localeCode: (template?.localeCode as Locale | undefined) ?? locale,
    systemContent: template?.systemContent ?? '',
    emailSubject: template?.emailSubject ?? '',
    emailContent: template?.emailContent ?? '',
    smsContent: template?.smsContent ?? '',
    wechatContent: template?.wechatContent ?? '',
    voiceContent: template?.voiceContent ?? '',
  };
}

function templateBody(values: TemplateFields): MessageTemplateInsert {
  return {
    msgName: values.msgName.trim(),
    type: values.type,
    subtype: values.subtype ?? null,
    localeCode: values.localeCode,
    systemContent: values.systemContent.trim(),
    emailSubject: textOrNull(values.emailSubject),
    emailContent: textOrNull(values.emailContent),
    smsContent: textOrNull(values.smsContent),
    wechatContent: textOrNull(values.wechatContent),
    voiceContent: textOrNull(values.voiceContent),
  };
}

/** Where the caret was in a body when it was last touched, so a placeholder button inserts there. */
interface Caret {
  field: TemplateBodyField;
  start: number;
  end: number;
}

function TemplateForm(props: {
  editing: MessageTemplate | 'new' | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<TemplateFields>();
  const [saving, setSaving] = useState(false);
  const [channel, setChannel] = useState<TemplateBodyField>('systemContent');
  const caret = useRef<Caret | null>(null);
  const current = props.editing === 'new' ? null : props.editing;
  const label = (field: string) => t(`alarms.fields.${field}` as 'alarms.fields.msgName');

  useEffect(() => {
    if (props.editing === null) return;
    form.setFieldsValue(initialValues(current, i18n.language as Locale));
    setChannel('systemContent');
    caret.current = null;
  }, [props.editing, current, form, i18n.language]);

  const track = (field: TemplateBodyField) => (event: SyntheticEvent<HTMLTextAreaElement>) => {
    const area = event.currentTarget;
    caret.current = { field, start: area.selectionStart, end: area.selectionEnd };
  };

  const insert = (name: string) => {
    const at = caret.current?.field === channel ? caret.current : null;
    const text = (form.getFieldValue(channel) as string | undefined) ?? '';
    const next = insertPlaceholder(text, name, at?.start ?? null, at?.end ?? null);
    form.setFieldValue(channel, next.text);
    caret.current = { field: channel, start: next.caret, end: next.caret };
    void form.validateFields([channel]).catch(() => undefined);
  };

  const save = async (values: TemplateFields) => {
    const body = templateBody(values);
    setSaving(true);
    try {
      if (current) await templateApi.update({ id: current.id, ...body });
      else await templateApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved();
    } catch (error) {
      showSaveError(form, error, { fields: FIELD_NAMES });
    } finally {
      setSaving(false);
    }
  };

  const bodyRule = (field: TemplateBodyField) => ({
    validator: (_rule: unknown, value: string | undefined) => {
      const text = (value ?? '').trim();
      if (text === '') return Promise.resolve();
      const issue = templateBodyIssue(text);
      return issue ? Promise.reject(new Error(ruleMessage(label(field), issue))) : Promise.resolve();
    },
  });

  return (
    <FormModal<TemplateFields>
      open={props.editing !== null}
      title={current ? t('alarms.template.edit') : t('alarms.template.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={820}
      testId="template-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="msgName"
            label={label('msgName')}
            required
            rules={[alarmSchemaRule(shape.msgName, label('msgName'))]}
          >
            <Input maxLength={MESSAGE_TEMPLATE_NAME_MAX} showCount data-testid="template-name" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="localeCode" label={label('localeCode')} required>
            <Select options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="type" label={label('type')} required extra={t('alarms.template.typeHint')}>
            <Select
              data-testid="template-type"
              options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`alarms.kinds.${k}`) }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="subtype" label={label('subtype')} extra={t('alarms.template.subtypeHint')}>
            <Select
              allowClear
              placeholder={t('alarms.template.anyCause')}
              options={ALARM_CAUSES.map((c) => ({ value: c, label: t(`alarms.causes.${c}`) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Typography.Text type="secondary">{t('alarms.template.placeholdersHint')}</Typography.Text>
      <Space wrap size={[4, 4]} style={{ margin: '8px 0' }}>
        {ALARM_TEMPLATE_PLACEHOLDERS.map((name) => (
          <Button
            key={name}
            size="small"
            onClick={() => insert(name)}
            data-testid={`template-insert-${name}`}
          >
            {t(`alarms.placeholders.${name}`)}
          </Button>
        ))}
      </Space>
      <Tabs
        activeKey={channel}
        onChange={(key) => setChannel(key as TemplateBodyField)}
        items={BODIES.map(({ field, channel: name }) => ({
          key: field,
          forceRender: true,
          label: <span data-testid={`template-tab-${name}`}>{t(`alarms.channels.${name}`)}</span>,
          children: (
            <>
              {field === 'emailContent' ? (
                <Form.Item
                  name="emailSubject"
                  label={label('emailSubject')}
                  rules={[alarmSchemaRule(shape.emailSubject, label('emailSubject'))]}
                >
                  <Input maxLength={MESSAGE_TEMPLATE_SUBJECT_MAX} showCount />
                </Form.Item>
              ) : null}
              <Form.Item
                name={field}
                label={label(field)}
                required={field === 'systemContent'}
                rules={[alarmSchemaRule(shape[field], label(field)), bodyRule(field)]}
              >
                <Input.TextArea
                  rows={5}
                  maxLength={MESSAGE_TEMPLATE_BODY_MAX}
                  showCount
                  onSelect={track(field)}
                  onKeyUp={track(field)}
                  onClick={track(field)}
                  data-testid={`template-${name}`}
                />
              </Form.Item>
            </>
          ),
        }))}
      />
    </FormModal>
  );
}

/** /product/messageTemplate: message templates per notification kind and language, one body per channel (002 §3, §5). */
export default function MessageTemplatePage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: alarmQueryKeys.templates });
  };

  const columns: ColumnsType<MessageTemplate> = [
    { dataIndex: 'msgName', title: t('alarms.fields.msgName'), sorter: true },
    {
      dataIndex: 'type',
      title: t('alarms.fields.type'),
      render: (kind: NotificationKind) => t(`alarms.kinds.${kind}`),
    },
    {
      dataIndex: 'subtype',
      title: t('alarms.fields.subtype'),
      render: (cause: string | null) =>
        cause && (ALARM_CAUSES as readonly string[]).includes(cause)
          ? t(`alarms.causes.${cause as (typeof ALARM_CAUSES)[number]}`)
          : (cause ?? t('alarms.template.anyCause')),
    },
    {
      dataIndex: 'localeCode',
      title: t('alarms.fields.localeCode'),
      render: (code: string) => LANGUAGE_NAMES[code as Locale] ?? code,
    },
    {
      key: 'channels',
      title: t('alarms.template.channels'),
      render: (_: unknown, row) =>
        BODIES.filter(({ field }) => Boolean(row[field])).map(({ channel }) => (
          <Tag key={channel}>{t(`alarms.channels.${channel}`)}</Tag>
        )),
    },
    {
      dataIndex: 'systemContent',
      title: t('alarms.fields.systemContent'),
      ellipsis: true,
    },
    { dataIndex: 'updatedAt', title: t('catalogue.common.updatedAt'), width: 180, render: formatTime },
  ];

  return (
    <>
      <ListPage<MessageTemplate>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => templateApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="msgName" label={t('alarms.fields.msgName')}>
              <Input allowClear maxLength={MESSAGE_TEMPLATE_NAME_MAX} />
            </Form.Item>
            <Form.Item name="type" label={t('alarms.fields.type')}>
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder={t('common.select')}
                options={NOTIFICATION_KINDS.map((k) => ({ value: k, label: t(`alarms.kinds.${k}`) }))}
              />
            </Form.Item>
            <Form.Item name="localeCode" label={t('alarms.fields.localeCode')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.select')}
                options={LOCALES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] }))}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <CrudButtons
            rows={rows}
            testId="template"
            addLabel={t('alarms.template.add')}
            onAdd={() => setEditing('new')}
            onEdit={setEditing}
            remove={templateApi.remove}
            refresh={refresh}
          />
        )}
      />
      <TemplateForm
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
