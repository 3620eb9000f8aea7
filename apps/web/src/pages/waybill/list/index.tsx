import {
  WAYBILL_EXPRESS_NUMBER_MAX,
  WAYBILL_SORT_FIELDS,
  WAYBILL_STATES,
  type WaybillDetail,
  type WaybillExportQuery,
  type WaybillRow,
  type WaybillState,
  type WaybillTemplate,
} from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Form, Input, Space, Tabs, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { saveFile } from '../../../api/http.ts';
import { waybillApi, waybillKeys } from '../../../api/waybill.ts';
import { accountZone } from '../../../app/account-zone.ts';
import { confirmPrompt, flash, toastSuccess } from '../../../app/feedback.ts';
import { IfAction } from '../../../components/Access.tsx';
import { formatZoned } from '../../../components/clock.ts';
import { ListPage, type ListSelection } from '../../../components/ListPage.tsx';
import { listSort } from '../shared/list-sort.ts';
import { ShareModal } from '../shared/ShareModal.tsx';
import { changeWaybillState } from '../shared/state-change.ts';
import { limitsText } from '../shared/temperature.ts';
import { WaybillStateTag } from '../shared/WaybillStateTag.tsx';
import { EMPTY_WAYBILL, formValuesOf, type WaybillFormValues } from '../shared/waybill-form.ts';
import { TemplatesModal } from './TemplatesModal.tsx';
import { TrackTemplatesModal } from './TrackTemplatesModal.tsx';
import { WaybillFormModal } from './WaybillFormModal.tsx';

type Tab = 'all' | `${WaybillState}`;

export const waybillDetailPath = (id: number) => `/waybill/detail/${id}`;

/** The list's own filters as the API takes them: the created range as two instants. */
function filtersOf(request: Record<string, unknown>): WaybillExportQuery {
  const out: WaybillExportQuery = {};
  if (typeof request.keyword === 'string' && request.keyword.trim()) out.keyword = request.keyword.trim();
  if (typeof request.waybillState === 'number') out.waybillState = request.waybillState as WaybillState;
  const created = request.created as [Dayjs | null, Dayjs | null] | undefined;
  if (created?.[0]) out.createdFrom = created[0].startOf('day').valueOf();
  if (created?.[1]) out.createdTo = created[1].endOf('day').valueOf() + 1;
  return out;
}

interface Editing {
  waybill: WaybillDetail | null;
  initial: WaybillFormValues;
}

/**
 * The waybill list (002 §2-§5): tabs by state, search by order or express number and creation date,
 * adding (also from a template) and editing, start and stop by hand (asking again for an offline
 * device), sharing, deleting, the list as a workbook, and the waybill and track templates.
 */
export default function WaybillListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const zone = accountZone();
  const [tab, setTab] = useState<Tab>('all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const [tracksOpen, setTracksOpen] = useState(false);
  const [sharing, setSharing] = useState<WaybillRow | null>(null);
  const [exporting, setExporting] = useState(false);
  const lastFilters = useRef<WaybillExportQuery>({});

  const refresh = () => queryClient.invalidateQueries({ queryKey: waybillKeys.all });

  const openEdit = async (row: WaybillRow) => {
    try {
      const waybill = await waybillApi.detail(row.id);
      setEditing({ waybill, initial: formValuesOf(waybill as unknown as Record<string, unknown>) });
    } catch {
      // The http client has shown why.
    }
  };
  const fromTemplate = (template: WaybillTemplate) => {
    setTemplatesOpen(false);
    setEditing({ waybill: null, initial: formValuesOf(template.content) });
  };
  const runState = async (row: WaybillRow, action: 'start' | 'stop') => {
    if (await changeWaybillState(row, action)) await refresh();
  };
  const remove = (rows: WaybillRow[]) => {
    if (rows.length === 0) {
      flash('warning', t('selection.none'));
      return;
    }
    void confirmPrompt({
      kind: 'delete',
      onOk: async () => {
        try {
          await waybillApi.remove(rows.map((r) => r.id));
          toastSuccess('delete');
          await refresh();
        } catch {
          // The http client has shown why.
        }
      },
    });
  };
  const exportList = async () => {
    setExporting(true);
    try {
      saveFile(await waybillApi.exportList(lastFilters.current));
      toastSuccess('export');
    } catch {
      // The http client has shown why.
    } finally {
      setExporting(false);
    }
  };

  const time = (ms: number | null) => (ms === null ? '-' : formatZoned(ms, zone, false));
  const columns: ColumnsType<WaybillRow> = [
    {
      dataIndex: 'orderNum',
      title: t('waybill.fields.orderNum'),
      width: 170,
      sorter: true,
      render: (orderNum: string, row) => (
        <Space orientation="vertical" size={0}>
          <Link to={waybillDetailPath(row.id)} data-testid={`waybill-link-${row.id}`}>
            {orderNum}
          </Link>
          {row.goodsName ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.goodsName}
            </Typography.Text>
          ) : null}
        </Space>
      ),
    },
    {
      dataIndex: 'expressNumber',
      title: t('waybill.fields.expressNumber'),
      width: 150,
      sorter: true,
      ellipsis: { showTitle: true },
      render: (v: string | null) => v ?? '-',
    },
    {
      dataIndex: 'deviceName',
      title: t('waybill.fields.device'),
      width: 190,
      sorter: true,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0}>
          <span>{row.deviceName}</span>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {row.deviceGuid}
          </Typography.Text>
        </Space>
      ),
    },
    {
      dataIndex: 'waybillState',
      title: t('waybill.fields.waybillState'),
      width: 100,
      sorter: true,
      render: (state: WaybillState, row) => (
        <WaybillStateTag state={state} testId={`waybill-state-${row.id}`} />
      ),
    },
    {
      key: 'limits',
      title: t('waybill.fields.limits'),
      width: 110,
      render: (_: unknown, row) => limitsText(row.lowerLimit, row.upperLimit, row.temperatureUnit),
    },
    {
      key: 'period',
      title: t('waybill.fields.period'),
      width: 150,
      render: (_: unknown, row) => (
        <Space orientation="vertical" size={0} style={{ fontSize: 12 }}>
          <span>{time(row.startedAt ?? row.startTime)}</span>
          <span>{time(row.stoppedAt ?? row.endTime)}</span>
        </Space>
      ),
    },
    {
      dataIndex: 'createdAt',
      title: t('waybill.fields.createdAt'),
      width: 150,
      sorter: true,
      render: (at: number) => time(at),
    },
    {
      key: 'actions',
      title: t('waybill.fields.actions'),
      render: (_: unknown, row) => (
        <Space size={0} wrap>
          <IfAction action="edit">
            {row.waybillState === 0 ? (
              <Button
                type="link"
                size="small"
                onClick={() => void runState(row, 'start')}
                data-testid={`waybill-start-${row.id}`}
              >
                {t('waybill.actions.start')}
              </Button>
            ) : null}
            {row.waybillState === 1 ? (
              <Button
                type="link"
                size="small"
                onClick={() => void runState(row, 'stop')}
                data-testid={`waybill-stop-${row.id}`}
              >
                {t('waybill.actions.stop')}
              </Button>
            ) : null}
            {row.waybillState < 2 ? (
              <Button
                type="link"
                size="small"
                onClick={() => void openEdit(row)}
                data-testid={`waybill-edit-${row.id}`}
              >
                {t('waybill.actions.edit')}
              </Button>
            ) : null}
          </IfAction>
          <Button
            type="link"
            size="small"
            onClick={() => setSharing(row)}
            data-testid={`waybill-share-${row.id}`}
          >
            {t('waybill.actions.share')}
          </Button>
          <IfAction action="delete">
            <Button type="link" size="small" danger onClick={() => remove([row])}>
              {t('waybill.actions.delete')}
            </Button>
          </IfAction>
        </Space>
      ),
    },
  ];

  const filters = (
    <>
      <Form.Item name="keyword" label={t('waybill.filters.keyword')}>
        <Input
          allowClear
          maxLength={WAYBILL_EXPRESS_NUMBER_MAX}
          placeholder={t('waybill.filters.keywordHint')}
          data-testid="waybill-filter-keyword"
        />
      </Form.Item>
      <Form.Item name="created" label={t('waybill.fields.createdAt')}>
        <DatePicker.RangePicker allowEmpty={[true, true]} />
      </Form.Item>
    </>
  );

  const toolbar = ({ rows }: ListSelection<WaybillRow>): ReactNode => (
    <>
      <IfAction action="add">
        <Button
          type="primary"
          onClick={() => setEditing({ waybill: null, initial: EMPTY_WAYBILL })}
          data-testid="waybill-add"
        >
          {t('waybill.actions.add')}
        </Button>
        <Button onClick={() => setTemplatesOpen(true)} data-testid="waybill-from-template">
          {t('waybill.template.createFrom')}
        </Button>
      </IfAction>
      <Button onClick={() => setTracksOpen(true)} data-testid="waybill-track-templates">
        {t('waybill.trackTemplate.title')}
      </Button>
      <IfAction action="export">
        <Button loading={exporting} onClick={() => void exportList()} data-testid="waybill-export">
          {t('waybill.actions.export')}
        </Button>
      </IfAction>
      <IfAction action="delete">
        <Button danger onClick={() => remove(rows)} data-testid="waybill-batch-delete">
          {t('waybill.actions.delete')}
        </Button>
      </IfAction>
    </>
  );

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
        <Tabs
          activeKey={tab}
          onChange={(key) => setTab(key as Tab)}
          items={[
            { key: 'all', label: t('waybill.state.all') },
            ...WAYBILL_STATES.map((s) => ({ key: String(s), label: t(`waybill.state.${s}`) })),
          ]}
          data-testid="waybill-tabs"
        />
      </Card>
      <ListPage<WaybillRow>
        queryKey={waybillKeys.list()}
        fetchPage={(request, signal) => {
          const own = filtersOf(request);
          lastFilters.current = own;
          return waybillApi.page(
            {
              ...own,
              ...listSort(request, WAYBILL_SORT_FIELDS),
              start: request.start,
              pageSize: request.pageSize,
            },
            signal,
          );
        }}
        request={tab === 'all' ? {} : { waybillState: Number(tab) }}
        columns={columns}
        rowKey="id"
        selectable
        filters={filters}
        toolbar={toolbar}
      />
      <WaybillFormModal
        open={editing !== null}
        editing={editing?.waybill ?? null}
        initial={editing?.initial ?? EMPTY_WAYBILL}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          void refresh();
        }}
      />
      <TemplatesModal open={templatesOpen} onClose={() => setTemplatesOpen(false)} onUse={fromTemplate} />
      <TrackTemplatesModal open={tracksOpen} onClose={() => setTracksOpen(false)} />
      <ShareModal waybill={sharing} onClose={() => setSharing(null)} />
    </Space>
  );
}
