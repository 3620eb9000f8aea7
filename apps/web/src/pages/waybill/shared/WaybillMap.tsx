import { Alert, Spin } from 'antd';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { createMap, type FenceShape, type LeafletModule, loadLeaflet, useTiles } from './leaflet.ts';
import type { TrackFix } from './track.ts';

export interface WaybillMapProps {
  /** The whole route, oldest first. */
  track: readonly TrackFix[];
  /** The part already travelled during playback (drawn over the route); the whole route otherwise. */
  travelled?: readonly TrackFix[];
  /** The vehicle: the newest fix, or where playback is. */
  position: TrackFix | null;
  fences?: readonly FenceShape[];
  /** The planned route (a track template), drawn dashed under the real track. */
  planned?: readonly [number, number][];
  height?: number;
  testId?: string;
}

const NONE: readonly FenceShape[] = [];
const NO_ROUTE: readonly [number, number][] = [];
const ROUTE_COLOR = '#1677ff';
const PLANNED_COLOR = '#8c8c8c';
const PASSED_COLOR = '#fa8c16';
const FENCE_COLOR = '#52c41a';

/**
 * A waybill's route on a map (Leaflet, loaded with the page): the track, start and end, the vehicle,
 * and the waybill's geofences. With tiles unreachable the same layers are drawn on a blank map and a
 * notice says why the background is empty. The view fits the route once per track, so playback and
 * live updates keep the user's own zoom and pan.
 */
export function WaybillMap({
  track,
  travelled,
  position,
  fences = NONE,
  planned = NO_ROUTE,
  height = 460,
  testId = 'waybill-map',
}: WaybillMapProps) {
  const { t } = useTranslation();
  const holder = useRef<HTMLDivElement>(null);
  const state = useRef<{
    L: LeafletModule;
    map: Leaflet.Map;
    route: Leaflet.LayerGroup;
    moving: Leaflet.LayerGroup;
    vehicle: Leaflet.CircleMarker | null;
    passed: Leaflet.Polyline | null;
  } | null>(null);
  const fitted = useRef<string | null>(null);
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
        state.current = {
          L,
          map: made.map,
          route: L.layerGroup().addTo(made.map),
          moving: L.layerGroup().addTo(made.map),
          vehicle: null,
          passed: null,
        };
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
      fitted.current = null;
    };
  }, [tiles]);

  // The route, its ends and the fences: redrawn when they change, not on every playback step.
  useEffect(() => {
    const current = state.current;
    if (!ready || !current) return;
    const { L, route, map } = current;
    route.clearLayers();
    for (const fence of fences) {
      const style = { color: FENCE_COLOR, weight: 2, fillOpacity: 0.12 };
      if (fence.kind === 'circle') L.circle(fence.center, { ...style, radius: fence.radius }).addTo(route);
      else if (fence.points.length >= 3) L.polygon(fence.points, style).addTo(route);
    }
    if (planned.length > 1)
      L.polyline([...planned], { color: PLANNED_COLOR, weight: 3, dashArray: '8 6', opacity: 0.8 })
        .bindTooltip(t('waybill.map.planned'))
        .addTo(route);
    const latLngs = track.map((fix) => L.latLng(fix.lat, fix.lon));
    if (latLngs.length > 1) L.polyline(latLngs, { color: ROUTE_COLOR, weight: 4, opacity: 0.6 }).addTo(route);
    const first = latLngs[0];
    const last = latLngs[latLngs.length - 1];
    if (first)
      L.circleMarker(first, { radius: 6, color: '#fff', weight: 2, fillColor: '#52c41a', fillOpacity: 1 })
        .bindTooltip(t('waybill.map.start'))
        .addTo(route);
    if (last && latLngs.length > 1)
      L.circleMarker(last, { radius: 6, color: '#fff', weight: 2, fillColor: '#f5222d', fillOpacity: 1 })
        .bindTooltip(t('waybill.map.end'))
        .addTo(route);
    const key = `${track.length}:${track[0]?.ts ?? ''}:${fences.length}:${planned.length}`;
    if (fitted.current === key) return;
    fitted.current = key;
    const spots: [number, number][] = [
      ...track.map((fix): [number, number] => [fix.lat, fix.lon]),
      ...fences.flatMap((fence) => (fence.kind === 'circle' ? [fence.center] : fence.points)),
      ...planned,
    ];
    const [only] = spots;
    if (spots.length === 1 && only) map.setView(only, 13);
    else if (spots.length > 1) map.fitBounds(L.latLngBounds(spots), { padding: [32, 32], maxZoom: 15 });
  }, [ready, track, fences, planned, t]);

  // The travelled part and the vehicle (a layer of their own) follow playback without redrawing the route.
  useEffect(() => {
    const current = state.current;
    if (!ready || !current) return;
    const { L, moving } = current;
    const passed = (travelled ?? []).map((fix) => L.latLng(fix.lat, fix.lon));
    if (current.passed) current.passed.setLatLngs(passed);
    else if (passed.length > 1)
      current.passed = L.polyline(passed, { color: PASSED_COLOR, weight: 4, opacity: 0.9 }).addTo(moving);
    if (!position) {
      current.vehicle?.remove();
      current.vehicle = null;
      return;
    }
    const at = L.latLng(position.lat, position.lon);
    if (current.vehicle) current.vehicle.setLatLng(at);
    else
      current.vehicle = L.circleMarker(at, {
        radius: 9,
        color: '#fff',
        weight: 3,
        fillColor: PASSED_COLOR,
        fillOpacity: 1,
      }).addTo(moving);
  }, [ready, travelled, position]);

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
        data-testid={testId}
        data-ready={ready}
        data-track={ready ? track.length : 0}
        // px, not Leaflet's 0.75rem: the root font size follows the viewport here (000 §2.1).
        style={{
          height,
          width: '100%',
          borderRadius: 8,
          overflow: 'hidden',
          background: '#eef2f5',
          fontSize: 12,
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
