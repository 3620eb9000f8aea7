import {
  PASSWORD_POLICIES,
  PLATFORM_DESCRIPTION_MAX,
  PLATFORM_TITLE_MAX,
  PLATFORM_TOP_DOMAIN_MAX,
  PLATFORM_VIEW_DOMAIN_MAX,
  type Platform,
  type PlatformInsert,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, Row, Select, Space, Switch, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { platformSystemKeys, platformsApi } from '../../../api/platform-system.ts';
import { confirmPrompt, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { FormModal, flag, formatTime, textOrNull } from '../../product/shared.tsx';
import { LoginPreview } from './LoginPreview.tsx';
import { LogoField } from './LogoField.tsx';
import { PaymentDrawer } from './PaymentDrawer.tsx';

interface PlatformFields {
  topDomain: string;
  viewDomain?: string;
  title: string;
  themeColor: string;
  styleModel: number;
  enableHttps: boolean;
  enableRegister: boolean;
  useLogo: boolean;
  loginLogo: string | null;
  indexLogo: string | null;
  browserLogo: string | null;
  backGroundLogo: string | null;
  loginHtm?: string;
  recordCompany?: string;
  recordNumber?: string;
  recordConnection?: string;
  policeFiling?: string;
  policeConnection?: string;
  description?: string;
  customMade: boolean;
  passwordPolicy: (typeof PASSWORD_POLICIES)[number];
}
const FIELD_NAMES = [
  'topDomain',
  'viewDomain',
  'title',
  'themeColor',
  'styleModel',
  'loginHtm',
  'loginLogo',
  'indexLogo',
  'browserLogo',
  'backGroundLogo',
  'recordCompany',
  'recordNumber',
  'recordConnection',
  'policeFiling',
  'policeConnection',
  'description',
];
const LOGOS = ['loginLogo', 'indexLogo', 'browserLogo', 'backGroundLogo'] as const;

function toFields(p: Platform | null): PlatformFields {
  return {
    topDomain: p?.topDomain ?? '',
    viewDomain: p?.viewDomain ?? '',
    title: p?.title ?? '',
    themeColor: p?.themeColor ?? '#FA8C16',
    styleModel: p?.styleModel ?? 1,
    enableHttps: (p?.enableHttps ?? 1) === 1,
    enableRegister: (p?.enableRegister ?? 1) === 1,
    useLogo: p?.useLogo === 1,
    loginLogo: p?.loginLogo ?? null,
    indexLogo: p?.indexLogo ?? null,
    browserLogo: p?.browserLogo ?? null,
    backGroundLogo: p?.backGroundLogo ?? null,
    loginHtm: p?.loginHtm ?? '',
    recordCompany: p?.recordCompany ?? '',
    recordNumber: p?.recordNumber ?? '',
    recordConnection: p?.recordConnection ?? '',
    policeFiling: p?.policeFiling ?? '',
    policeConnection: p?.policeConnection ?? '',
    description: p?.description ?? '',
    customMade: p?.customMade === 1,
    passwordPolicy: p?.passwordPolicy ?? 'twoKinds',
  };
}

function toBody(v: PlatformFields): PlatformInsert {
  return {
    topDomain: v.topDomain.trim(),
    viewDomain: textOrNull(v.viewDomain),
    title: v.title.trim(),
    themeColor: v.themeColor.trim(),
    styleModel: v.styleModel,
    enableHttps: flag(v.enableHttps),
    enableRegister: flag(v.enableRegister),
    useLogo: flag(v.useLogo),
    loginLogo: v.loginLogo,
    indexLogo: v.indexLogo,
    browserLogo: v.browserLogo,
    backGroundLogo: v.backGroundLogo,
    loginHtm: textOrNull(v.loginHtm),
    recordCompany: textOrNull(v.recordCompany),
    recordNumber: textOrNull(v.recordNumber),
    recordConnection: textOrNull(v.recordConnection),
    policeFiling: textOrNull(v.policeFiling),
    policeConnection: textOrNull(v.policeConnection),
    description: textOrNull(v.description),
    customMade: flag(v.customMade),
    defaultCamp: 0,
    passwordPolicy: v.passwordPolicy,
  };
}

/** Where a platform's console answers: its view domain, else its top domain. */
export function platformAddress(p: Pick<Platform, 'viewDomain' | 'topDomain' | 'enableHttps'>): string {
  return `${p.enableHttps === 1 ? 'https' : 'http'}://${p.viewDomain ?? p.topDomain}`;
}

function PlatformForm(props: { editing: Platform | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PlatformFields>();
  const [saving, setSaving] = useState(false);
  const current = props.editing === 'new' ? null : props.editing;
  const watched = Form.useWatch([], form) as PlatformFields | undefined;
  const label = (field: string) =>
    t(`platformSystem.platforms.fields.${field}` as 'platformSystem.platforms.fields.title');

  useEffect(() => {
    if (props.editing !== null) form.setFieldsValue(toFields(current));
  }, [props.editing, current, form]);

  const save = async (values: PlatformFields) => {
    setSaving(true);
    try {
      const body = toBody(values);
      if (current) await platformsApi.update({ id: current.id, ...body });
      else await platformsApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved();
    } catch (error) {
      showSaveError(form, error, { fields: FIELD_NAMES, codeFields: { 2015: 'topDomain' } });
    } finally {
      setSaving(false);
    }
  };

  const text = (
    name: keyof PlatformFields,
    max: number,
    extra: { required?: boolean; placeholder?: string } = {},
  ) => (
    <Form.Item
      name={name}
      label={label(name)}
      required={extra.required}
      rules={
        extra.required
          ? [
              {
                required: true,
                whitespace: true,
                message: t('platformSystem.required', { field: label(name) }),
              },
            ]
          : []
      }
    >
      <Input maxLength={max} showCount placeholder={extra.placeholder} data-testid={`platform-${name}`} />
    </Form.Item>
  );

  return (
    <FormModal<PlatformFields>
      open={props.editing !== null}
      title={current ? t('platformSystem.platforms.edit') : t('platformSystem.platforms.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={1040}
      testId="platform-form"
    >
      <Row gutter={24}>
        <Col xs={24} lg={14}>
          <Row gutter={12}>
            <Col xs={24} md={12}>
              {text('topDomain', PLATFORM_TOP_DOMAIN_MAX, {
                required: true,
                placeholder: 'brand.example.com',
              })}
            </Col>
            <Col xs={24} md={12}>
              {text('viewDomain', PLATFORM_VIEW_DOMAIN_MAX, { placeholder: 'console.brand.example.com' })}
            </Col>
            <Col xs={24} md={12}>
              {text('title', PLATFORM_TITLE_MAX, { required: true })}
            </Col>
            <Col xs={12} md={6}>
              <Form.Item
                name="themeColor"
                label={label('themeColor')}
                rules={[{ pattern: /^#[0-9a-fA-F]{6}$/, message: t('platformSystem.platforms.colorRule') }]}
              >
                <Input maxLength={7} data-testid="platform-themeColor" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="styleModel" label={label('styleModel')}>
                <Select
                  options={[
                    { value: 1, label: t('platformSystem.platforms.styleModels.1') },
                    { value: 2, label: t('platformSystem.platforms.styleModels.2') },
                  ]}
                />
              </Form.Item>
            </Col>
            <Col xs={8}>
              <Form.Item name="enableRegister" label={label('enableRegister')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={8}>
              <Form.Item name="enableHttps" label={label('enableHttps')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
            <Col xs={8}>
              <Form.Item name="useLogo" label={label('useLogo')} valuePropName="checked">
                <Switch data-testid="platform-useLogo" />
              </Form.Item>
            </Col>
            {LOGOS.map((logo) => (
              <Col xs={24} md={12} key={logo}>
                <Form.Item name={logo} label={label(logo)}>
                  <LogoField testId={`platform-${logo}`} label={label(logo)} />
                </Form.Item>
              </Col>
            ))}
            <Col xs={24} md={12}>
              {text('recordCompany', 100)}
            </Col>
            <Col xs={24} md={12}>
              {text('recordNumber', 100)}
            </Col>
            <Col xs={24} md={12}>
              {text('recordConnection', 200)}
            </Col>
            <Col xs={24} md={12}>
              {text('policeFiling', 100)}
            </Col>
            <Col xs={24} md={12}>
              {text('policeConnection', 200)}
            </Col>
            <Col xs={24} md={12}>
              {text('loginHtm', 100)}
            </Col>
            <Col xs={24} md={12}>
              {text('description', PLATFORM_DESCRIPTION_MAX)}
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="passwordPolicy" label={label('passwordPolicy')}>
                <Select
                  options={PASSWORD_POLICIES.map((p) => ({
                    value: p,
                    label: t(`platformSystem.platforms.policies.${p}`),
                  }))}
                />
              </Form.Item>
            </Col>
            <Col xs={12} md={6}>
              <Form.Item name="customMade" label={label('customMade')} valuePropName="checked">
                <Switch />
              </Form.Item>
            </Col>
          </Row>
        </Col>
        <Col xs={24} lg={10}>
          <Typography.Title level={5}>{t('platformSystem.platforms.preview')}</Typography.Title>
          <LoginPreview fields={watched ?? toFields(current)} />
        </Col>
      </Row>
    </FormModal>
  );
}

/** /customized/list: white-label platforms (002 §3) with logo upload and a live login preview. */
export default function CustomizedListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Platform | 'new' | null>(null);
  const [paying, setPaying] = useState<Platform | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: platformSystemKeys.platforms });

  const remove = (row: Platform) =>
    confirmPrompt({
      kind: 'delete',
      content: t('platformSystem.platforms.deleteConfirm', { title: row.title }),
      onOk: async () => {
        await platformsApi.delete(row.id);
        toastSuccess('delete');
        await refresh();
      },
    });

  const columns: ColumnsType<Platform> = [
    { key: 'title', dataIndex: 'title', title: t('platformSystem.platforms.fields.title'), sorter: true },
    {
      key: 'topDomain',
      dataIndex: 'topDomain',
      title: t('platformSystem.platforms.fields.topDomain'),
      sorter: true,
      render: (_: unknown, row) => (
        <Space direction="vertical" size={0}>
          <Typography.Link href={platformAddress(row)} target="_blank" rel="noopener noreferrer">
            {row.topDomain}
          </Typography.Link>
          {row.viewDomain ? <Typography.Text type="secondary">{row.viewDomain}</Typography.Text> : null}
        </Space>
      ),
    },
    {
      key: 'themeColor',
      title: t('platformSystem.platforms.fields.themeColor'),
      render: (_: unknown, row) => (
        <Space>
          <span
            aria-hidden
            style={{
              display: 'inline-block',
              width: 16,
              height: 16,
              borderRadius: 4,
              background: row.themeColor,
            }}
          />
          {row.themeColor}
        </Space>
      ),
    },
    {
      key: 'logo',
      title: t('platformSystem.platforms.fields.loginLogo'),
      render: (_: unknown, row) =>
        row.loginLogo ? (
          <img src={row.loginLogo} alt={row.title} style={{ height: 24, maxWidth: 80 }} />
        ) : (
          '-'
        ),
    },
    {
      key: 'styleModel',
      title: t('platformSystem.platforms.fields.styleModel'),
      render: (_: unknown, row) => t(`platformSystem.platforms.styleModels.${row.styleModel === 2 ? 2 : 1}`),
    },
    {
      key: 'enableRegister',
      title: t('platformSystem.platforms.fields.enableRegister'),
      render: (_: unknown, row) =>
        row.enableRegister === 1 ? (
          <Tag color="green">{t('platformSystem.on')}</Tag>
        ) : (
          <Tag>{t('platformSystem.off')}</Tag>
        ),
    },
    { key: 'description', dataIndex: 'description', title: t('platformSystem.platforms.fields.description') },
    {
      key: 'createdAt',
      title: t('platformSystem.createdAt'),
      render: (_: unknown, row) => formatTime(row.createdAt),
    },
    {
      key: 'actions',
      title: t('platformSystem.actions'),
      render: (_: unknown, row) => (
        <Space>
          <IfAction action="edit">
            <Button size="small" type="link" onClick={() => setEditing(row)} data-testid="platform-edit">
              {t('platformSystem.edit')}
            </Button>
          </IfAction>
          <IfAction action="edit">
            <Button
              size="small"
              type="link"
              onClick={() => setPaying(row)}
              aria-label={`${t('platformSystem.payment.action')}: ${row.title}`}
              data-testid="platform-payment"
            >
              {t('platformSystem.payment.action')}
            </Button>
          </IfAction>
          {row.isDefault === 1 ? (
            <Tag>{t('platformSystem.platforms.default')}</Tag>
          ) : (
            <IfAction action="delete">
              <Button size="small" type="link" danger onClick={() => void remove(row)}>
                {t('platformSystem.delete')}
              </Button>
            </IfAction>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ListPage<Platform>
        queryKey={platformSystemKeys.platforms}
        fetchPage={(values, signal) => platformsApi.page(values, signal)}
        columns={columns}
        rowKey="id"
        filters={
          <>
            <Form.Item name="title" label={t('platformSystem.platforms.fields.title')}>
              <Input allowClear maxLength={PLATFORM_TITLE_MAX} />
            </Form.Item>
            <Form.Item name="topDomain" label={t('platformSystem.platforms.fields.topDomain')}>
              <Input allowClear maxLength={PLATFORM_TOP_DOMAIN_MAX} />
            </Form.Item>
          </>
        }
        toolbar={() => (
          <IfAction action="add">
            <Button type="primary" onClick={() => setEditing('new')} data-testid="platform-add">
              {t('platformSystem.platforms.add')}
            </Button>
          </IfAction>
        )}
      />
      <PaymentDrawer platform={paying} onClose={() => setPaying(null)} />
      <PlatformForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
    </>
  );
}
