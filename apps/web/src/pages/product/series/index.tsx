import { SERIES_NAME_MAX, type Series, seriesFieldsSchema } from '@coldchain/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Form, Input } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { catalogueKeys, seriesApi } from '../../../api/catalogue.ts';
import { toastSuccess } from '../../../app/feedback.ts';
import { ListPage } from '../../../components/ListPage.tsx';
import { schemaRule, showSaveError } from '../../../components/schema-rules.ts';
import { CrudButtons } from '../crud-buttons.tsx';
import { FormModal, formatTime } from '../shared.tsx';

const LIST_KEY = [...catalogueKeys.series, 'page'] as const;

interface SeriesFields {
  seriesName: string;
}

/** /product/series: product series a device type belongs to (002 §3). */
export default function SeriesPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SeriesFields>();
  const [editing, setEditing] = useState<Series | 'new' | null>(null);
  const [saving, setSaving] = useState(false);
  const current = editing === 'new' ? null : editing;
  const label = t('catalogue.fields.seriesName');

  useEffect(() => {
    if (editing !== null) form.setFieldsValue({ seriesName: current?.seriesName ?? '' });
  }, [editing, current, form]);

  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.series });
    // Type rows show their series' name.
    void queryClient.invalidateQueries({ queryKey: catalogueKeys.types });
  };

  const save = async (values: SeriesFields) => {
    setSaving(true);
    try {
      const body = { seriesName: values.seriesName.trim() };
      if (current) await seriesApi.update({ id: current.id, ...body });
      else await seriesApi.insert(body);
      toastSuccess(current ? 'edit' : 'add');
      setEditing(null);
      refresh();
    } catch (error) {
      showSaveError(form, error, { fields: ['seriesName'] });
    } finally {
      setSaving(false);
    }
  };

  const columns: ColumnsType<Series> = [
    { dataIndex: 'seriesName', title: label, sorter: true },
    { dataIndex: 'createdAt', title: t('catalogue.common.createdAt'), width: 200, render: formatTime },
    { dataIndex: 'updatedAt', title: t('catalogue.common.updatedAt'), width: 200, render: formatTime },
  ];

  return (
    <>
      <ListPage<Series>
        queryKey={LIST_KEY}
        fetchPage={(request, signal) => seriesApi.page(request, signal)}
        columns={columns}
        rowKey="id"
        selectable
        filters={
          <Form.Item name="seriesName" label={label}>
            <Input allowClear maxLength={SERIES_NAME_MAX} />
          </Form.Item>
        }
        toolbar={({ rows }) => (
          <>
            <CrudButtons
              rows={rows}
              testId="series"
              addLabel={t('catalogue.series.add')}
              onAdd={() => setEditing('new')}
              onEdit={setEditing}
              remove={seriesApi.remove}
              refresh={refresh}
            />
          </>
        )}
      />
      <FormModal<SeriesFields>
        open={editing !== null}
        title={current ? t('catalogue.series.edit') : t('catalogue.series.add')}
        form={form}
        saving={saving}
        onSubmit={(values) => void save(values)}
        onCancel={() => setEditing(null)}
        testId="series-form"
      >
        <Form.Item
          name="seriesName"
          label={label}
          required
          rules={[schemaRule(seriesFieldsSchema.shape.seriesName, label)]}
        >
          <Input maxLength={SERIES_NAME_MAX} showCount data-testid="series-name-input" />
        </Form.Item>
      </FormModal>
    </>
  );
}
