import {
  DEVICE_GUID_MAX,
  PAGE_SIZE_MAX,
  SIM_CARD_NUM_MAX,
  SIM_DESCRIPTION_MAX,
  SIM_FREE_MONTH_MAX,
  SIM_ICCID_MAX,
  SIM_OPERATOR_MAX,
  SIM_PLAN_MAX,
  SIM_RECHARGE_STATES,
  SIM_SOURCE_MAX,
  SIM_USE_STATES,
  type SimCondition,
  type SimRechargeState,
  type SimRow,
  type SimUseState,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Col, Form, Input, InputNumber, Row, Select, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveFile } from '../../../api/http.ts';
import { simKeys, simsApi } from '../../../api/sims.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { requireSelection } from '../../../components/selection.ts';
import { CrudButtons } from '../../product/crud-buttons.tsx';
import { FormModal, formatTime, textOrNull } from '../../product/shared.tsx';
import { SimImportModal } from './SimImportModal.tsx';

const LIST_KEY = [...simKeys.all, 'page'] as const;
const USE_COLORS: Record<SimUseState, string | undefined> = {
  notActivated: undefined,
  active: 'green',
  suspended: 'orange',
  cancelled: 'red',
};
const RECHARGE_COLORS: Record<SimRechargeState, string | undefined> = {
  notRecharged: undefined,
  recharged: 'green',
  rechargeFailed: 'red',
};

/** Cents as the console shows and edits them: 1250 -> 12.5 (currency units). */
const units = (cents: number | null) => (cents === null ? null : cents / 100);
const cents = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100);
export const money = (value: number | null) => (value === null ? '' : (value / 100).toFixed(2));

interface SimFields {
  iccId: string;
  cardNum?: string;
  operator?: string;
  source?: string;
  openTime?: string;
  activeTime?: string;
  expiredTime?: string;
  useState: SimUseState;
  rechargeState: SimRechargeState;
  balance?: number | null;
  plan?: string;
  freeMonth?: number | null;
  description?: string;
}
const FIELD_NAMES = [
  'iccId',
  'cardNum',
  'operator',
  'source',
  'openTime',
  'activeTime',
  'expiredTime',
  'useState',
  'rechargeState',
  'balance',
  'plan',
  'freeMonth',
  'description',
];

function SimForm(props: { editing: SimRow | 'new' | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<SimFields>();
  const [saving, setSaving] = useState(false);
  const current = props.editing === 'new' ? null : props.editing;
  const label = (field: string) => t(`backOfficeDevices.fields.${field}` as 'backOfficeDevices.fields.iccId');

  useEffect(() => {
    if (props.editing === null) return;
    form.setFieldsValue({
      iccId: current?.iccId ?? '',
      cardNum: current?.cardNum ?? '',
      operator: current?.operator ?? '',
      source: current?.source ?? '',
      openTime: current?.openTime ?? '',
      activeTime: current?.activeTime ?? '',
      expiredTime: current?.expiredTime ?? '',
      useState: current?.useState ?? 'notActivated',
      rechargeState: current?.rechargeState ?? 'notRecharged',
      balance: units(current?.balance ?? null),
      plan: current?.plan ?? '',
      freeMonth: current?.freeMonth ?? null,
      description: current?.description ?? '',
    });
  }, [props.editing, current, form]);

  const save = async (v: SimFields) => {
    const body = {
      iccId: v.iccId.trim(),
      cardNum: textOrNull(v.cardNum),
      operator: textOrNull(v.operator),
      source: textOrNull(v.source),
      openTime: textOrNull(v.openTime),
      activeTime: textOrNull(v.activeTime),
      expiredTime: textOrNull(v.expiredTime),
      useState: v.useState,
      rechargeState: v.rechargeState,
      balance: cents(v.balance),
      plan: textOrNull(v.plan),
      freeMonth: v.freeMonth ?? null,
      description: textOrNull(v.description),
    };
    setSaving(true);
    try {
      if (current) await simsApi.update({ id: current.id, ...body });
      else await simsApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      props.onSaved();
    } catch (error) {
      showSaveError(form, error, { fields: FIELD_NAMES, codeFields: { 3501: 'iccId' } });
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof SimFields, max: number, testId?: string) => (
    <Form.Item name={name} label={label(name)} rules={[{ max }]}>
      <Input maxLength={max} data-testid={testId} />
    </Form.Item>
  );
  const day = (name: keyof SimFields) => (
    <Form.Item name={name} label={label(name)}>
      <Input type="date" />
    </Form.Item>
  );

  return (
    <FormModal<SimFields>
      open={props.editing !== null}
      title={current ? t('backOfficeDevices.sim.edit') : t('backOfficeDevices.sim.add')}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      width={760}
      testId="sim-form"
    >
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item
            name="iccId"
            label={label('iccId')}
            rules={[{ required: true }, { pattern: new RegExp(`^\\d{1,${SIM_ICCID_MAX}}$`) }]}
          >
            <Input maxLength={SIM_ICCID_MAX} disabled={current?.deviceId != null} data-testid="sim-iccid" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="cardNum"
            label={label('cardNum')}
            rules={[{ pattern: new RegExp(`^\\d{1,${SIM_CARD_NUM_MAX}}$`) }]}
          >
            <Input maxLength={SIM_CARD_NUM_MAX} />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          {text('operator', SIM_OPERATOR_MAX)}
        </Col>
        <Col xs={24} md={12}>
          {text('source', SIM_SOURCE_MAX)}
        </Col>
        <Col xs={24} md={8}>
          {day('openTime')}
        </Col>
        <Col xs={24} md={8}>
          {day('activeTime')}
        </Col>
        <Col xs={24} md={8}>
          {day('expiredTime')}
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="useState" label={label('useState')}>
            <Select
              options={SIM_USE_STATES.map((s) => ({
                value: s,
                label: t(`backOfficeDevices.simUseState.${s}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="rechargeState" label={label('rechargeState')}>
            <Select
              options={SIM_RECHARGE_STATES.map((s) => ({
                value: s,
                label: t(`backOfficeDevices.simRechargeState.${s}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="balance" label={label('balance')} extra={t('backOfficeDevices.sim.balanceHint')}>
            <InputNumber precision={2} min={-100_000_000} max={100_000_000} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24} md={8}>
          {text('plan', SIM_PLAN_MAX)}
        </Col>
        <Col xs={24} md={8}>
          <Form.Item name="freeMonth" label={label('freeMonth')}>
            <InputNumber min={0} max={SIM_FREE_MONTH_MAX} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="description" label={label('description')} rules={[{ max: SIM_DESCRIPTION_MAX }]}>
            <Input.TextArea rows={2} maxLength={SIM_DESCRIPTION_MAX} showCount />
          </Form.Item>
        </Col>
      </Row>
    </FormModal>
  );
}

function BindModal(props: { card: SimRow | null; onClose: () => void; onBound: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ deviceGuid: string }>();
  const [saving, setSaving] = useState(false);
  const card = props.card;
  const save = async ({ deviceGuid }: { deviceGuid: string }) => {
    if (!card) return;
    setSaving(true);
    try {
      await simsApi.bind({ id: card.id, deviceGuid: deviceGuid.trim() });
      toastSuccess('bind');
      props.onBound();
    } catch {
      // The http client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormModal<{ deviceGuid: string }>
      open={card !== null}
      title={t('backOfficeDevices.sim.bindTitle', { iccId: card?.iccId ?? '' })}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      testId="sim-bind-form"
    >
      <Form.Item
        name="deviceGuid"
        label={t('backOfficeDevices.fields.deviceGuid')}
        rules={[{ required: true }, { pattern: new RegExp(`^\\d{1,${DEVICE_GUID_MAX}}$`) }]}
      >
        <Input maxLength={DEVICE_GUID_MAX} data-testid="sim-bind-guid" />
      </Form.Item>
    </FormModal>
  );
}

interface StateFields {
  useState?: SimUseState;
  rechargeState?: SimRechargeState;
}

function StateModal(props: { cards: SimRow[] | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<StateFields>();
  const [saving, setSaving] = useState(false);
  const save = async (v: StateFields) => {
    if (!props.cards) return;
    if (!v.useState && !v.rechargeState) {
      props.onClose();
      return;
    }
    setSaving(true);
    try {
      await simsApi.updateState({
        ids: props.cards.map((c) => c.id),
        ...(v.useState ? { useState: v.useState } : {}),
        ...(v.rechargeState ? { rechargeState: v.rechargeState } : {}),
      });
      toastSuccess('edit');
      props.onSaved();
    } catch {
      // The http client has shown why.
    } finally {
      setSaving(false);
    }
  };
  return (
    <FormModal<StateFields>
      open={props.cards !== null}
      title={t('backOfficeDevices.sim.stateTitle', { count: props.cards?.length ?? 0 })}
      form={form}
      saving={saving}
      onSubmit={(values) => void save(values)}
      onCancel={props.onClose}
      testId="sim-state-form"
    >
      <Form.Item name="useState" label={t('backOfficeDevices.fields.useState')}>
        <Select
          allowClear
          placeholder={t('backOfficeDevices.sim.keep')}
          options={SIM_USE_STATES.map((s) => ({ value: s, label: t(`backOfficeDevices.simUseState.${s}`) }))}
        />
      </Form.Item>
      <Form.Item name="rechargeState" label={t('backOfficeDevices.fields.rechargeState')}>
        <Select
          allowClear
          placeholder={t('backOfficeDevices.sim.keep')}
          options={SIM_RECHARGE_STATES.map((s) => ({
            value: s,
            label: t(`backOfficeDevices.simRechargeState.${s}`),
          }))}
        />
      </Form.Item>
    </FormModal>
  );
}

/** The query as last sent, without paging: what an export should hold. */
function conditionOf(request: Record<string, unknown> | null): SimCondition {
  const { start: _s, pageSize: _p, sortField: _f, sortOrder: _o, ...condition } = request ?? {};
  return condition as SimCondition;
}

/**
 * /operation/sim: the platform's SIM cards (002 §3-§5) with filters, add and edit, import from CSV or
 * XLSX with a report per row, bind to and unbind from a device, use and recharge states, and export.
 */
export default function SimPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<SimRow | 'new' | null>(null);
  const [binding, setBinding] = useState<SimRow | null>(null);
  const [stating, setStating] = useState<SimRow[] | null>(null);
  const [importing, setImporting] = useState(false);
  const [exporting, setExporting] = useState(false);
  const lastRequest = useRef<Record<string, unknown> | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: simKeys.all });
  };

  const unbind = (rows: SimRow[]) => {
    const [only] = rows;
    if (!requireSelection(rows.length, 'one') || !only) return;
    if (only.deviceId === null) {
      flash('warning', t('backOfficeDevices.sim.notBound'));
      return;
    }
    void confirmPrompt({
      kind: 'batch',
      title: t('backOfficeDevices.sim.unbindConfirm', {
        iccId: only.iccId,
        device: only.deviceName ?? only.deviceGuid ?? '',
      }),
      onOk: async () => {
        try {
          await simsApi.unbind(only.id);
          toastSuccess('unbind');
        } catch {
          // The http client has shown why.
        }
        refresh();
      },
    });
  };

  const exportCards = async () => {
    setExporting(true);
    try {
      saveFile(await simsApi.exportFile(conditionOf(lastRequest.current)));
      toastSuccess('export');
    } catch {
      // The http client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const columns: ColumnsType<SimRow> = [
    { dataIndex: 'iccId', title: t('backOfficeDevices.fields.iccId'), width: 210, sorter: true },
    { dataIndex: 'cardNum', title: t('backOfficeDevices.fields.cardNum'), width: 140 },
    { dataIndex: 'operator', title: t('backOfficeDevices.fields.operator') },
    {
      dataIndex: 'useState',
      title: t('backOfficeDevices.fields.useState'),
      width: 110,
      render: (s: SimUseState) => <Tag color={USE_COLORS[s]}>{t(`backOfficeDevices.simUseState.${s}`)}</Tag>,
    },
    {
      dataIndex: 'rechargeState',
      title: t('backOfficeDevices.fields.rechargeState'),
      width: 120,
      render: (s: SimRechargeState) => (
        <Tag color={RECHARGE_COLORS[s]}>{t(`backOfficeDevices.simRechargeState.${s}`)}</Tag>
      ),
    },
    {
      dataIndex: 'deviceGuid',
      title: t('backOfficeDevices.fields.device'),
      render: (guid: string | null, row) =>
        guid ? (
          <span>
            {row.deviceName} <Typography.Text type="secondary">{guid}</Typography.Text>
          </span>
        ) : (
          <Tag>{t('backOfficeDevices.bound.no')}</Tag>
        ),
    },
    {
      dataIndex: 'balance',
      title: t('backOfficeDevices.fields.balance'),
      width: 100,
      align: 'right',
      sorter: true,
      render: money,
    },
    { dataIndex: 'plan', title: t('backOfficeDevices.fields.plan') },
    { dataIndex: 'expiredTime', title: t('backOfficeDevices.fields.expiredTime'), width: 120, sorter: true },
    {
      dataIndex: 'lastOnline',
      title: t('backOfficeDevices.fields.lastOnline'),
      width: 170,
      render: formatTime,
    },
  ];

  return (
    <>
      <ListPage<SimRow>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => {
          lastRequest.current = request;
          return simsApi.page(request, signal);
        }}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="iccId" label={t('backOfficeDevices.fields.iccId')}>
              <Input allowClear maxLength={SIM_ICCID_MAX} data-testid="sim-filter-iccid" />
            </Form.Item>
            <Form.Item name="cardNum" label={t('backOfficeDevices.fields.cardNum')}>
              <Input allowClear maxLength={SIM_CARD_NUM_MAX} />
            </Form.Item>
            <Form.Item name="operator" label={t('backOfficeDevices.fields.operator')}>
              <Input allowClear maxLength={SIM_OPERATOR_MAX} />
            </Form.Item>
            <Form.Item name="deviceGuid" label={t('backOfficeDevices.fields.deviceGuid')}>
              <Input allowClear maxLength={DEVICE_GUID_MAX} />
            </Form.Item>
            <Form.Item name="useState" label={t('backOfficeDevices.fields.useState')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.select')}
                options={SIM_USE_STATES.map((s) => ({
                  value: s,
                  label: t(`backOfficeDevices.simUseState.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="rechargeState" label={t('backOfficeDevices.fields.rechargeState')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.select')}
                options={SIM_RECHARGE_STATES.map((s) => ({
                  value: s,
                  label: t(`backOfficeDevices.simRechargeState.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="bound" label={t('backOfficeDevices.fields.bound')}>
              <Select
                allowClear
                style={{ width: 120 }}
                placeholder={t('common.select')}
                options={[
                  { value: 1, label: t('backOfficeDevices.bound.yes') },
                  { value: 0, label: t('backOfficeDevices.bound.no') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ rows }) => (
          <>
            <CrudButtons
              rows={rows}
              testId="sim"
              addLabel={t('backOfficeDevices.sim.add')}
              onAdd={() => setEditing('new')}
              onEdit={(row) => setEditing(row)}
              remove={(id) => simsApi.remove([id])}
              refresh={refresh}
            />
            <IfAction action="edit">
              <Button
                onClick={() => {
                  const [only] = rows;
                  if (requireSelection(rows.length, 'one') && only) setBinding(only);
                }}
                data-testid="sim-bind"
              >
                {t('backOfficeDevices.sim.bind')}
              </Button>
              <Button onClick={() => unbind(rows)} data-testid="sim-unbind">
                {t('backOfficeDevices.sim.unbind')}
              </Button>
              <Button
                onClick={() => {
                  if (requireSelection(rows.length, 'some')) setStating(rows.slice(0, PAGE_SIZE_MAX));
                }}
                data-testid="sim-state"
              >
                {t('backOfficeDevices.sim.state')}
              </Button>
            </IfAction>
            <IfAction action="import">
              <Button onClick={() => setImporting(true)} data-testid="sim-import">
                {t('backOfficeDevices.sim.import')}
              </Button>
            </IfAction>
            <IfAction action="export">
              <Button loading={exporting} onClick={() => void exportCards()} data-testid="sim-export">
                {t('backOfficeDevices.sim.export')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <SimForm
        editing={editing}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          refresh();
        }}
      />
      <BindModal
        card={binding}
        onClose={() => setBinding(null)}
        onBound={() => {
          setBinding(null);
          refresh();
        }}
      />
      <StateModal
        cards={stating}
        onClose={() => setStating(null)}
        onSaved={() => {
          setStating(null);
          refresh();
        }}
      />
      <SimImportModal open={importing} onClose={() => setImporting(false)} onImported={refresh} />
    </>
  );
}
