import { Alert, Spin } from 'antd';
import type * as Leaflet from 'leaflet';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TILE_ATTRIBUTION, TILE_URL } from './map-config.ts';

type LeafletModule = typeof Leaflet;

export interface MapPoint {
  id: number;
  lat: number;
  lon: number;
  /** First line of the tooltip (the device name). */
  label: string;
  /** Further tooltip lines. */
  details?: string[];
  color: string;
}

export interface DeviceMapProps {
  points: readonly MapPoint[];
  /** A track drawn as a line, oldest first ([lat, lon]). */
  track?: readonly [number, number][];
  height?: number;
  onOpen?: (id: number) => void;
  testId?: string;
}

/** Leaflet and its stylesheet, loaded only when a page shows a map. */
async function loadLeaflet(): Promise<LeafletModule> {
  const [mod] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  // The package is UMD: depending on the bundler's interop the namespace is the module or its default.
  return (mod as unknown as { default?: LeafletModule }).default ?? mod;
}

function tooltipOf(point: MapPoint): HTMLElement {
  // Built from text nodes: names come from users and must not become markup.
  const box = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = point.label;
  box.append(title);
  for (const line of point.details ?? []) {
    const row = document.createElement('div');
    row.textContent = line;
    box.append(row);
  }
  return box;
}

const WORLD_CENTER: [number, number] = [30, 110];

/**
 * Devices on a map (leaflet, loaded lazily). Tiles come from VITE_TILE_URL; when they cannot load the
 * map says so and still places the devices. The view fits the devices when their set changes, not on
 * every live update, so a user's own zoom and pan stay.
 */
export function DeviceMap({ points, track, height = 420, onOpen, testId = 'device-map' }: DeviceMapProps) {
  const { t } = useTranslation();
  const holder = useRef<HTMLElement>(null);
  const map = useRef<{ L: LeafletModule; map: Leaflet.Map; layer: Leaflet.LayerGroup } | null>(null);
  const fitted = useRef<string | null>(null);
  const [ready, setReady] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [loadFailed, setLoadFailed] = useState(false);

  useEffect(() => {
    let disposed = false;
    let created: Leaflet.Map | null = null;
    let observer: ResizeObserver | null = null;
    loadLeaflet().then(
      (L) => {
        const element = holder.current;
        if (disposed || !element) return;
        created = L.map(element, { center: WORLD_CENTER, zoom: 3, worldCopyJump: true });
        const tiles = L.tileLayer(TILE_URL, { attribution: TILE_ATTRIBUTION, maxZoom: 19 });
        tiles.on('tileerror', () => setTilesFailed(true));
        tiles.addTo(created);
        map.current = { L, map: created, layer: L.layerGroup().addTo(created) };
        // Maps inside tabs and cards get their size late; Leaflet must be told.
        const shown = created;
        observer = new ResizeObserver(() => shown.invalidateSize());
        observer.observe(element);
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
      map.current = null;
      fitted.current = null;
    };
  }, []);

  useEffect(() => {
    const current = map.current;
    if (!ready || !current) return;
    const { L, layer } = current;
    layer.clearLayers();
    if (track && track.length > 1)
      L.polyline(
        track.map(([lat, lon]) => L.latLng(lat, lon)),
        { color: '#1677ff', weight: 3, opacity: 0.7 },
      ).addTo(layer);
    for (const point of points) {
      const marker = L.circleMarker([point.lat, point.lon], {
        radius: 8,
        color: '#ffffff',
        weight: 2,
        fillColor: point.color,
        fillOpacity: 0.95,
      });
      marker.bindTooltip(tooltipOf(point));
      if (onOpen) marker.on('click', () => onOpen(point.id));
      marker.addTo(layer);
    }
    const spots: [number, number][] = [
      ...points.map((p): [number, number] => [p.lat, p.lon]),
      ...(track ?? []),
    ];
    const key = `${points.map((p) => p.id).join(',')}|${track?.length ?? 0}`;
    if (spots.length === 0 || fitted.current === key) return;
    fitted.current = key;
    const [only] = spots;
    if (spots.length === 1 && only) current.map.setView(only, 13);
    else current.map.fitBounds(L.latLngBounds(spots), { padding: [32, 32], maxZoom: 14 });
  }, [ready, points, track, onOpen]);

  return (
    <div style={{ position: 'relative' }}>
      {tilesFailed ? (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          title={t('device.map.tilesFailed')}
          data-testid="map-tiles-failed"
        />
      ) : null}
      {loadFailed ? <Alert type="error" showIcon title={t('device.map.loadFailed')} /> : null}
      <section
        ref={holder}
        aria-label={t('device.map.label')}
        data-testid={testId}
        data-ready={ready}
        data-markers={ready ? points.length : 0}
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
