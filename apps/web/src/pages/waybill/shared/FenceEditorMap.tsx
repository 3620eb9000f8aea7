import { Alert, Spin } from 'antd';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createMap, type FenceShape, type LeafletModule, loadLeaflet, useTiles } from './leaflet.ts';

export interface FenceEditorMapProps {
  areas: readonly FenceShape[];
  /** The polygon being drawn (its points so far). */
  draft: readonly [number, number][];
  /** Told where the user clicked while drawing; null when not drawing (clicks do nothing). */
  onMapClick: ((lat: number, lon: number) => void) | null;
  /** The area highlighted in the list. */
  selected?: number | null;
  height?: number;
}

const AREA_COLOR = '#52c41a';
const SELECTED_COLOR = '#fa8c16';
const DRAFT_COLOR = '#1677ff';

/**
 * The geofence editor's map: the areas drawn so far and the polygon in progress. Drawing is done by
 * clicking (a circle's centre, or a polygon's corners), so no drawing plugin is needed.
 */
export function FenceEditorMap({
  areas,
  draft,
  onMapClick,
  selected = null,
  height = 440,
}: FenceEditorMapProps) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const state = useRef<{ L: LeafletModule; map: Leaflet.Map; layer: Leaflet.LayerGroup } | null>(null);
  const clickRef = useRef(onMapClick);
  clickRef.current = onMapClick;
  const fitted = useRef(false);
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  const tiles = useTiles();

  useEffect(() => {
    if (!tiles) return;
    let disposed = false;
    let created: Leaflet.Map | null = null;
    let observer: ResizeObserver | null = null;
    loadLeaflet().then(
      (L) => {
        const element = holder.current;
        if (disposed || !element) return;
        const made = createMap(L, element, tiles, () => setTilesFailed(true));
        created = made.map;
        observer = made.observer;
        made.map.doubleClickZoom.disable();
        made.map.on('click', (event: Leaflet.LeafletMouseEvent) =>
          clickRef.current?.(Number(event.latlng.lat.toFixed(6)), Number(event.latlng.lng.toFixed(6))),
        );
        state.current = { L, map: made.map, layer: L.layerGroup().addTo(made.map) };
        setReady(true);
      },
      () => {
        if (!disposed) setLoadFailed(true);
      },
    );
    return () => {
      disposed = true;
      observer?.disconnect();
      created?.remove();
      state.current = null;
      fitted.current = false;
    };
  }, [tiles]);

  useEffect(() => {
    const current = state.current;
    if (!ready || !current) return;
    const { L, layer, map } = current;
    layer.clearLayers();
    areas.forEach((area, index) => {
      const color = index === selected ? SELECTED_COLOR : AREA_COLOR;
      const style = { color, weight: 2, fillOpacity: 0.15, interactive: false };
      const label = t('waybill.fence.areaLabel', { index: index + 1 });
      if (area.kind === 'circle')
        L.circle(area.center, { ...style, radius: area.radius })
          .bindTooltip(label)
          .addTo(layer);
      else L.polygon(area.points, style).bindTooltip(label).addTo(layer);
    });
    if (draft.length > 0) {
      L.polyline([...draft], { color: DRAFT_COLOR, weight: 2, dashArray: '6 4', interactive: false }).addTo(
        layer,
      );
      for (const point of draft)
        L.circleMarker(point, { radius: 4, color: DRAFT_COLOR, fillOpacity: 1, interactive: false }).addTo(
          layer,
        );
    }
    // The first time there is something to show, show all of it; afterwards the user's view stays.
    if (fitted.current) return;
    const spots = areas.flatMap((area) => (area.kind === 'circle' ? [area.center] : area.points));
    if (spots.length === 0) return;
    fitted.current = true;
    const circles = areas.filter((a): a is Extract<FenceShape, { kind: 'circle' }> => a.kind === 'circle');
    const bounds = L.latLngBounds(spots);
    for (const circle of circles) bounds.extend(L.latLng(circle.center).toBounds(circle.radius * 2));
    map.fitBounds(bounds, { padding: [32, 32], maxZoom: 15 });
  }, [ready, areas, draft, selected, t]);

  return (
    <div style={{ position: 'relative' }}>
      {tilesFailed ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('waybill.map.tilesFailed')}
          data-testid="map-tiles-failed"
        />
      ) : null}
      {loadFailed ? <Alert type="error" showIcon title={t('device.map.loadFailed')} /> : null}
      <div
        ref={holder}
        data-testid="fence-map"
        data-ready={ready}
        data-areas={areas.length}
        data-drawing={onMapClick ? 'true' : 'false'}
        style={{
          height,
          width: '100%',
          borderRadius: 8,
          overflow: 'hidden',
          background: '#eef2f5',
          fontSize: 12,
          cursor: onMapClick ? 'crosshair' : undefined,
        }}
      />
      {!ready && !loadFailed ? (
        <div style={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <Spin />
        </div>
      ) : null}
    </div>
  );
}
