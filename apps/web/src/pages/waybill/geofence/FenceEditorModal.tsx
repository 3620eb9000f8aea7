import { DeleteOutlined } from '@ant-design/icons';
import {
  GEOFENCE_AREAS_MAX,
  GEOFENCE_NAME_MAX,
  GEOFENCE_POLYGON_POINTS_MAX,
  GEOFENCE_POLYGON_POINTS_MIN,
  GEOFENCE_RADIUS_MAX_M,
  GEOFENCE_RADIUS_MIN_M,
  type Geofence,
} from '@coldchain/shared';
import { Alert, Button, Col, Form, InputNumber, List, Modal, Row, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { waybillApi } from '../../../api/waybill.ts';
import { flash, toastSuccess } from '../../../app/feedback.ts';
import { EmojiFreeInput } from '../../../components/EmojiFreeInput.tsx';
import { showSaveError } from '../../../components/schema-rules.ts';
import { FenceEditorMap } from '../shared/FenceEditorMap.tsx';
import { areaOf, shapeOf } from '../shared/fence-shapes.ts';
import type { FenceShape } from '../shared/leaflet.ts';
import { type Drawing, fenceProblem } from './fence-editing.ts';

/** A new circle's radius until the user sets another (m). */
const DEFAULT_RADIUS_M = 500;

/**
 * Adding and editing a geofence (002 §3, §5): a name up to 20 and 1 to 10 areas drawn on the map by
 * clicking, circles (centre, then a required radius) or polygons (3 or more corners).
 */
export function FenceEditorModal({
  open,
  fence,
  onClose,
  onSaved,
}: {
  open: boolean;
  /** The fence being edited; null adds one. */
  fence: Geofence | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const [areas, setAreas] = useState<FenceShape[]>([]);
  const [drawing, setDrawing] = useState<Drawing>(null);
  const [radius, setRadius] = useState<number | null>(DEFAULT_RADIUS_M);
  const [selected, setSelected] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue({ name: fence?.name ?? '' });
    setAreas(fence ? fence.areas.map(shapeOf) : []);
    setDrawing(null);
    setSelected(null);
    setProblem(null);
  }, [open, fence, form]);

  const full = areas.length >= GEOFENCE_AREAS_MAX;
  const startDrawing = (next: Drawing) => {
    if (full) {
      flash('warning', t('waybill.fence.tooMany', { max: GEOFENCE_AREAS_MAX }));
      return;
    }
    setProblem(null);
    setDrawing(next);
  };
  const addArea = (area: FenceShape) => {
    setAreas((list) => [...list, area]);
    setSelected(areas.length);
    setDrawing(null);
  };
  const onMapClick = (lat: number, lon: number) => {
    if (!drawing) return;
    if (drawing.kind === 'circle') {
      if (radius === null) {
        flash('warning', t('waybill.fence.radiusRequired'));
        return;
      }
      addArea({ kind: 'circle', center: [lat, lon], radius });
      return;
    }
    if (drawing.points.length >= GEOFENCE_POLYGON_POINTS_MAX) return;
    setDrawing({ kind: 'polygon', points: [...drawing.points, [lat, lon]] });
  };
  const setAreaRadius = (index: number, value: number | null) =>
    setAreas((list) =>
      list.map((area, i) =>
        i === index && area.kind === 'circle' ? { ...area, radius: value ?? Number.NaN } : area,
      ),
    );

  const save = async ({ name }: { name: string }) => {
    const found = fenceProblem(areas);
    if (found) {
      setProblem(
        t(`waybill.fence.problems.${found}`, {
          max: GEOFENCE_AREAS_MAX,
          min: GEOFENCE_RADIUS_MIN_M,
          maxRadius: GEOFENCE_RADIUS_MAX_M,
        }),
      );
      return;
    }
    setSaving(true);
    try {
      const body = { name: name.trim(), areas: areas.map(areaOf) };
      if (fence) await waybillApi.updateFence({ ...body, id: fence.id });
      else await waybillApi.insertFence(body);
      toastSuccess(fence ? 'edit' : 'add');
      onSaved();
    } catch (error) {
      showSaveError(form, error, { fields: ['name'] });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      width={980}
      title={fence ? t('waybill.fence.editTitle') : t('waybill.fence.addTitle')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ loading: saving, disabled: drawing !== null }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item
          name="name"
          label={t('waybill.fence.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('waybill.rules.required', { field: t('waybill.fence.name') }),
            },
            { max: GEOFENCE_NAME_MAX, message: t('waybill.rules.maxLength', { max: GEOFENCE_NAME_MAX }) },
          ]}
        >
          <EmojiFreeInput maxLength={GEOFENCE_NAME_MAX} showCount data-testid="fence-name" />
        </Form.Item>
      </Form>
      <Row gutter={16}>
        <Col xs={24} md={16}>
          <FenceEditorMap
            areas={areas}
            draft={drawing?.kind === 'polygon' ? drawing.points : []}
            onMapClick={drawing ? onMapClick : null}
            selected={selected}
          />
        </Col>
        <Col xs={24} md={8}>
          <Space orientation="vertical" style={{ width: '100%' }}>
            {drawing === null ? (
              <Space wrap>
                <Button
                  onClick={() => startDrawing({ kind: 'circle' })}
                  disabled={full}
                  data-testid="fence-add-circle"
                >
                  {t('waybill.fence.addCircle')}
                </Button>
                <Button
                  onClick={() => startDrawing({ kind: 'polygon', points: [] })}
                  disabled={full}
                  data-testid="fence-add-polygon"
                >
                  {t('waybill.fence.addPolygon')}
                </Button>
              </Space>
            ) : drawing.kind === 'circle' ? (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Alert type="info" showIcon title={t('waybill.fence.circleHint')} />
                <Space>
                  <Typography.Text>{t('waybill.fence.radius')}</Typography.Text>
                  <InputNumber
                    min={GEOFENCE_RADIUS_MIN_M}
                    max={GEOFENCE_RADIUS_MAX_M}
                    value={radius}
                    onChange={setRadius}
                    suffix="m"
                    data-testid="fence-new-radius"
                  />
                </Space>
                <Button onClick={() => setDrawing(null)}>{t('common.cancel')}</Button>
              </Space>
            ) : (
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Alert
                  type="info"
                  showIcon
                  title={t('waybill.fence.polygonHint', { min: GEOFENCE_POLYGON_POINTS_MIN })}
                />
                <Typography.Text>
                  {t('waybill.fence.corners', { count: drawing.points.length })}
                </Typography.Text>
                <Space wrap>
                  <Button
                    type="primary"
                    disabled={drawing.points.length < GEOFENCE_POLYGON_POINTS_MIN}
                    onClick={() => addArea({ kind: 'polygon', points: drawing.points })}
                    data-testid="fence-finish-polygon"
                  >
                    {t('waybill.fence.finish')}
                  </Button>
                  <Button
                    disabled={drawing.points.length === 0}
                    onClick={() => setDrawing({ kind: 'polygon', points: drawing.points.slice(0, -1) })}
                  >
                    {t('waybill.fence.undoPoint')}
                  </Button>
                  <Button onClick={() => setDrawing(null)}>{t('common.cancel')}</Button>
                </Space>
              </Space>
            )}
            <Typography.Text type="secondary">
              {t('waybill.fence.areaCount', { count: areas.length, max: GEOFENCE_AREAS_MAX })}
            </Typography.Text>
            <List
              size="small"
              bordered
              dataSource={areas}
              data-testid="fence-areas"
              locale={{ emptyText: t('waybill.fence.noAreas') }}
              renderItem={(area, index) => (
                <List.Item
                  style={{ background: index === selected ? '#fff7e6' : undefined, cursor: 'pointer' }}
                  onClick={() => setSelected(index)}
                  actions={[
                    <Button
                      key="remove"
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('waybill.actions.delete')}
                      onClick={(event) => {
                        event.stopPropagation();
                        setAreas((list) => list.filter((_, i) => i !== index));
                        setSelected(null);
                      }}
                    />,
                  ]}
                >
                  <Space orientation="vertical" size={2}>
                    <Typography.Text strong>
                      {t('waybill.fence.areaLabel', { index: index + 1 })} ·{' '}
                      {area.kind === 'circle' ? t('waybill.fence.circle') : t('waybill.fence.polygon')}
                    </Typography.Text>
                    {area.kind === 'circle' ? (
                      <InputNumber
                        size="small"
                        min={GEOFENCE_RADIUS_MIN_M}
                        max={GEOFENCE_RADIUS_MAX_M}
                        value={Number.isNaN(area.radius) ? null : area.radius}
                        status={Number.isNaN(area.radius) ? 'error' : undefined}
                        onChange={(v) => setAreaRadius(index, v)}
                        suffix="m"
                        placeholder={t('waybill.fence.radius')}
                      />
                    ) : (
                      <Typography.Text type="secondary">
                        {t('waybill.fence.corners', { count: area.points.length })}
                      </Typography.Text>
                    )}
                  </Space>
                </List.Item>
              )}
            />
            {problem ? <Alert type="error" showIcon title={problem} data-testid="fence-problem" /> : null}
          </Space>
        </Col>
      </Row>
    </Modal>
  );
}
