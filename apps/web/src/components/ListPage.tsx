import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS, type PageRequest, type PageResponse } from '@coldchain/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Card, Form, Pagination, Space, Table } from 'antd';
import type { ColumnsType, TablePaginationConfig } from 'antd/es/table';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { generatePath, useNavigate, useParams } from 'react-router';
import { useCurrentRoute } from '../app/use-access.ts';
import { useIsPhone } from '../shell/use-viewport.ts';
import { ListCards } from './ListCards.tsx';

export type ListFilters = Record<string, unknown>;

export interface ListSelection<T> {
  keys: Key[];
  rows: T[];
}

export interface ListPageProps<T extends object> {
  /** Identifies the list in the query cache; the filters and paging are appended. */
  queryKey: readonly unknown[];
  fetchPage: (request: PageRequest & ListFilters, signal: AbortSignal) => Promise<PageResponse<T>>;
  columns: ColumnsType<T>;
  rowKey: Extract<keyof T, string>;
  /** Form.Items of the query form; the query runs with their values. */
  filters?: ReactNode;
  /** Buttons above the table; they receive the current selection. */
  toolbar?: (selection: ListSelection<T>) => ReactNode;
  selectable?: boolean;
  /**
   * Keeps the page number in the URL as the route parameter `start` (000 §9), so a reload or a shared
   * link opens the same page. The route's path must end in `/:start?`.
   */
  pageInUrl?: boolean;
  /** Sent with every request besides the form's filters (a tab); a change goes back to page 1. */
  request?: ListFilters;
  /** The form's values on arrival (a filter given in the address). */
  initialFilters?: ListFilters;
  /** Rows as shown: the page may overlay what it learnt since they were read (live values). */
  mapRows?: (rows: T[]) => T[];
  /** Told the rows of each page read, so the page can follow them (live values). */
  onRows?: (rows: T[]) => void;
  /**
   * Another body than the table (cards, a map) over the same rows, paging and loading state; the
   * table and a standalone pager are handed over to place as the page likes.
   */
  view?: (body: ListBody<T>) => ReactNode;
}

export interface ListBody<T> {
  rows: T[];
  loading: boolean;
  table: ReactNode;
  pagination: ReactNode;
}

/**
 * The generic list page (000 §9): a query form, a table with page sizes 10/20/30/40 starting on page 1,
 * optional selection and sorting. Pages that need it import it, so Table stays out of the shell.
 */
export function ListPage<T extends object>(props: ListPageProps<T>) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ListFilters>();
  const navigate = useNavigate();
  const params = useParams();
  const route = useCurrentRoute();
  const phone = useIsPhone();
  const [filters, setFilters] = useState<ListFilters>(() => withValues(props.initialFilters ?? {}));
  const [ownStart, setOwnStart] = useState(1);
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZE_DEFAULT);
  const [sort, setSort] = useState<Pick<PageRequest, 'sortField' | 'sortOrder'>>({});
  const [selection, setSelection] = useState<ListSelection<T>>({ keys: [], rows: [] });

  const urlStart = Number(params.start);
  const start = props.pageInUrl && Number.isInteger(urlStart) && urlStart > 0 ? urlStart : ownStart;
  const setStart = (next: number) => {
    if (props.pageInUrl && route) navigate(generatePath(route.path, { ...params, start: String(next) }));
    else setOwnStart(next);
  };

  const extra = props.request ?? {};
  const extraKey = JSON.stringify(extra);
  const [seenExtra, setSeenExtra] = useState(extraKey);
  if (seenExtra !== extraKey) {
    // Another tab: its first page, nothing selected.
    setSeenExtra(extraKey);
    setOwnStart(1);
    setSelection({ keys: [], rows: [] });
  }
  const request: PageRequest & ListFilters = { ...filters, ...extra, start, pageSize, ...sort };
  const query = useQuery({
    queryKey: [...props.queryKey, request],
    queryFn: ({ signal }) => props.fetchPage(request, signal),
    placeholderData: keepPreviousData,
  });
  const { initialFilters } = props;
  useEffect(() => {
    // Not the form's initialValues: Reset empties the form rather than going back to these.
    if (initialFilters) form.setFieldsValue(initialFilters);
  }, [form, initialFilters]);
  const fetched = query.data?.data;
  const { onRows } = props;
  useEffect(() => {
    if (fetched) onRows?.(fetched);
  }, [fetched, onRows]);
  const rows = props.mapRows ? props.mapRows(fetched ?? []) : (fetched ?? []);

  const search = (values: ListFilters) => {
    setFilters(withValues(values));
    setSelection({ keys: [], rows: [] });
    setStart(1);
  };

  const onChange = (
    pagination: TablePaginationConfig,
    _f: unknown,
    sorter: SorterResult<T> | SorterResult<T>[],
  ) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof one?.field === 'string' ? one.field : undefined;
    setSort(one?.order && field ? { sortField: field, sortOrder: one.order } : {});
    changePage(pagination.current, pagination.pageSize);
  };

  function changePage(current: number | undefined, size: number | undefined) {
    if (size && size !== pageSize) {
      setPageSize(size);
      setStart(1);
      return;
    }
    if (current && current !== start) setStart(current);
  }

  const pageSizes = PAGE_SIZE_OPTIONS.map(String);
  const onSelect = (keys: Key[], chosen: T[]) => setSelection({ keys, rows: chosen });
  const pagination = (
    <Pagination
      align="end"
      current={start}
      pageSize={pageSize}
      total={query.data?.totalCount ?? 0}
      showSizeChanger={!phone}
      simple={phone}
      pageSizeOptions={pageSizes}
      showTotal={(total) => t('common.total', { total })}
      onChange={changePage}
    />
  );
  // A phone shows the rows as cards (000 §2.1 below 576 px), with the same columns.
  const table = phone ? (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <ListCards<T>
        rows={rows}
        columns={props.columns}
        rowKey={props.rowKey}
        loading={query.isFetching}
        {...(props.selectable ? { selection: { keys: selection.keys, onChange: onSelect } } : {})}
      />
      {pagination}
    </Space>
  ) : (
    <Table<T>
      rowKey={props.rowKey}
      columns={props.columns}
      dataSource={rows}
      loading={query.isFetching}
      onChange={onChange}
      rowSelection={
        props.selectable
          ? {
              selectedRowKeys: selection.keys,
              onChange: onSelect,
            }
          : undefined
      }
      pagination={{
        current: start,
        pageSize,
        total: query.data?.totalCount ?? 0,
        showSizeChanger: true,
        pageSizeOptions: pageSizes,
        showTotal: (total) => t('common.total', { total }),
      }}
    />
  );
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      {props.filters ? (
        <Card size="small">
          <Form form={form} layout={phone ? 'vertical' : 'inline'} onFinish={search}>
            {props.filters}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit" data-testid="list-search">
                  {t('common.search')}
                </Button>
                <Button
                  onClick={() => {
                    form.resetFields();
                    search({});
                  }}
                >
                  {t('common.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      ) : null}
      {props.toolbar ? <Space wrap>{props.toolbar(selection)}</Space> : null}
      {props.view ? props.view({ rows, loading: query.isFetching, table, pagination }) : table}
    </Space>
  );
}

/** Filters that hold something: an emptied field is not sent. */
function withValues(values: ListFilters): ListFilters {
  return Object.fromEntries(
    Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}
