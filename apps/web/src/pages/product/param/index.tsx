import { PARAM_NAME_MAX, PARAM_VOCATIONAL_PROBE, type Param } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Form, Input, Select, Space, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import {
  catalogueKeys,
  paramApi,
  useDeviceTypeOptions,
  useTypeParams,
  useUnits,
} from '../../../api/catalogue.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { useAccess } from '../../../app/use-access.ts';
import { IfAction } from '../../../components/Access.tsx';
import { ListPage } from '../../../components/ListPage.tsx';
import { requireSelection } from '../../../components/selection.ts';
import { attempt } from '../shared.tsx';
import { ParamForm } from './ParamForm.tsx';
import { checkGrouping } from './param-fields.ts';

function ParamList({ deviceTypeId }: { deviceTypeId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const access = useAccess();
  const all = useTypeParams(deviceTypeId);
  const units = useUnits(access.permission('product.paramUnit', 'query'));
  const [editing, setEditing] = useState<Param | 'new' | null>(null);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.params(deviceTypeId) });
  };

  /** The chosen rows as they are now (the table's copies may predate the last change). */
  const fresh = (keys: Key[]) =>
    keys.map((key) => all.data?.find((p) => p.id === key)).filter((p): p is Param => p !== undefined);

  const group = (keys: Key[], kind: 'combine' | 'separate') => {
    if (!requireSelection(keys.length, 'some')) return;
    const chosen = fresh(keys);
    const check = checkGrouping(kind, chosen);
    if (check !== 'ok') {
      flash('warning', t(`catalogue.errors.${check}`));
      return;
    }
    void confirmPrompt({
      kind: 'batch',
      onOk: async () => {
        const ids = chosen.map((p) => p.id);
        if (await attempt(() => (kind === 'combine' ? paramApi.combine(ids) : paramApi.separate(ids))))
          flash(
            'success',
            t(kind === 'combine' ? 'catalogue.param.combinedDone' : 'catalogue.param.separatedDone'),
          );
        refresh();
      },
    });
  };

  const unitName = (id: number | null) => {
    if (id === null) return '-';
    return units.data?.find((u) => u.id === id)?.unitCode ?? String(id);
  };
  const paramName = (id: number | null) =>
    id === null ? '-' : (all.data?.find((p) => p.id === id)?.paramName ?? String(id));
  const bound = (value: number | null, type: number, ref: number | null) =>
    type === 1 ? paramName(ref) : value === null ? '-' : String(value);

  const columns: ColumnsType<Param> = [
    { dataIndex: 'paramSortNo', title: t('catalogue.fields.paramSortNo'), sorter: true, width: 110 },
    { dataIndex: 'paramName', title: t('catalogue.fields.paramName'), sorter: true },
    { dataIndex: 'paramKey', title: t('catalogue.fields.paramKey'), sorter: true, width: 120 },
    {
      dataIndex: 'vocationalWork',
      title: t('catalogue.fields.vocationalWork'),
      width: 140,
      render: (v: number, row) =>
        v === PARAM_VOCATIONAL_PROBE ? (
          <Tag color="blue">
            {t('catalogue.param.vocational1')} {row.probeId ?? ''}
          </Tag>
        ) : (
          t('catalogue.param.vocational0')
        ),
    },
    {
      key: 'precision',
      title: t('catalogue.param.precision'),
      width: 120,
      render: (_v, row) => `${row.precisionUnit} / ${row.viewPrecisionUnit ?? '-'}`,
    },
    { dataIndex: 'paramUnit', title: t('catalogue.fields.paramUnit'), width: 100, render: unitName },
    {
      key: 'range',
      title: t('catalogue.param.range'),
      render: (_v, row) =>
        `${bound(row.paramMin, row.paramMinType, row.paramMinRefId)} ~ ${bound(row.paramMax, row.paramMaxType, row.paramMaxRefId)}`,
    },
    {
      dataIndex: 'combineGroup',
      title: t('catalogue.fields.combineGroup'),
      width: 140,
      render: (groupId: number | null) =>
        groupId === null ? (
          '-'
        ) : (
          <Tag color="purple">{t('catalogue.param.combined', { group: groupId })}</Tag>
        ),
    },
  ];

  return (
    <>
      <ListPage<Param>
        queryKey={[...catalogueKeys.params(deviceTypeId), 'page']}
        fetchPage={(request, signal) => paramApi.page({ ...request, deviceTypeId }, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <>
            <Form.Item name="paramName" label={t('catalogue.fields.paramName')}>
              <Input allowClear maxLength={PARAM_NAME_MAX} />
            </Form.Item>
            <Form.Item name="vocationalWork" label={t('catalogue.fields.vocationalWork')}>
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('common.select')}
                options={[
                  { value: 0, label: t('catalogue.param.vocational0') },
                  { value: PARAM_VOCATIONAL_PROBE, label: t('catalogue.param.vocational1') },
                ]}
              />
            </Form.Item>
          </>
        }
        toolbar={({ keys, rows }) => (
          <>
            <IfAction action="add">
              <Button type="primary" onClick={() => setEditing('new')} data-testid="param-add">
                {t('catalogue.param.add')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button
                onClick={() => {
                  const [only] = fresh(keys);
                  if (requireSelection(keys.length, 'one') && only) setEditing(only);
                }}
                data-testid="param-edit"
              >
                {t('catalogue.common.edit')}
              </Button>
            </IfAction>
            <IfAction action="delete">
              <Button
                danger
                onClick={() => {
                  if (!requireSelection(rows.length, 'some')) return;
                  void confirmPrompt({
                    kind: 'delete',
                    onOk: async () => {
                      // One at a time: deleting a member can dissolve its combination.
                      const ok = await attempt(async () => {
                        for (const row of rows) await paramApi.remove(row.id);
                      });
                      if (ok) toastSuccess('delete');
                      refresh();
                    },
                  });
                }}
                data-testid="param-delete"
              >
                {t('catalogue.common.delete')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button onClick={() => group(keys, 'combine')} data-testid="param-combine">
                {t('catalogue.param.combine')}
              </Button>
            </IfAction>
            <IfAction action="edit">
              <Button onClick={() => group(keys, 'separate')} data-testid="param-separate">
                {t('catalogue.param.separate')}
              </Button>
            </IfAction>
          </>
        )}
      />
      <ParamForm
        deviceTypeId={deviceTypeId}
        siblings={all.data ?? []}
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

/**
 * /product/param: the parameters of one device type (002 §3, §5). The type comes from the query
 * (`typeId`, as the device type list links here) or the picker above the list.
 */
export default function ParamPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const types = useDeviceTypeOptions();
  const raw = Number(params.get('typeId'));
  const typeId = Number.isInteger(raw) && raw > 0 ? raw : null;

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small">
        <Space wrap>
          <span>{t('catalogue.fields.deviceTypeId')}</span>
          <Select
            aria-label={t('catalogue.fields.deviceTypeId')}
            style={{ minWidth: 320 }}
            showSearch={{ optionFilterProp: 'label' }}
            loading={types.isFetching}
            placeholder={t('catalogue.param.pickType')}
            value={typeId ?? undefined}
            onChange={(id: number) => setParams({ typeId: String(id) })}
            options={(types.data ?? []).map((o) => ({ value: o.id, label: `${o.typeName} (${o.typeCode})` }))}
            data-testid="param-type-select"
          />
        </Space>
      </Card>
      {typeId === null ? (
        <Card>
          <Empty description={t('catalogue.param.pickType')} />
        </Card>
      ) : (
        <ParamList key={typeId} deviceTypeId={typeId} />
      )}
    </Space>
  );
}
