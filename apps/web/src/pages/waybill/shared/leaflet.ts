import type { MapConfig } from '@coldchain/shared';
import type * as Leaflet from 'leaflet';
import { useMemo } from 'react';
import { useMapConfig } from '../../../api/waybill.ts';
import { TILE_ATTRIBUTION, TILE_URL } from '../../../components/map/map-config.ts';

export type LeafletModule = typeof Leaflet;

/** Leaflet and its stylesheet, loaded only by the pages that draw a map. */
export async function loadLeaflet(): Promise<LeafletModule> {
  const [mod] = await Promise.all([import('leaflet'), import('leaflet/dist/leaflet.css')]);
  // The package is UMD: depending on the bundler's interop the namespace is the module or its default.
  return (mod as unknown as { default?: LeafletModule }).default ?? mod;
}

export const WORLD_CENTER: [number, number] = [30, 110];

/**
 * The tiles to draw: the server's configuration (GET /device/QuickSearch/mapConfig), or the console's
 * build flag when the server cannot say. Null while asking, so a map is made once with the right tiles.
 */
export function useTiles(): MapConfig | null {
  const { data, isError } = useMapConfig();
  return useMemo(() => {
    if (data?.tileUrl) return data;
    if (isError || data) return BUILD_TILES;
    return null;
  }, [data, isError]);
}

const BUILD_TILES: MapConfig = { tileUrl: TILE_URL, attribution: TILE_ATTRIBUTION };

/**
 * A map in `element` with the given tiles. When tiles cannot load, `onTilesFailed` is told once and
 * the map keeps drawing its own layers on the blank background.
 */
export function createMap(
  L: LeafletModule,
  element: HTMLElement,
  config: MapConfig,
  onTilesFailed: () => void,
): { map: Leaflet.Map; observer: ResizeObserver } {
  const map = L.map(element, { center: WORLD_CENTER, zoom: 3, worldCopyJump: true });
  const tiles = L.tileLayer(config.tileUrl, { attribution: config.attribution, maxZoom: 19 });
  let told = false;
  tiles.on('tileerror', () => {
    if (told) return;
    told = true;
    onTilesFailed();
  });
  tiles.addTo(map);
  // Maps inside tabs, cards and modals get their size late; Leaflet must be told.
  const observer = new ResizeObserver(() => map.invalidateSize());
  observer.observe(element);
  return { map, observer };
}

/** A geofence area as the map draws it: a circle (centre and radius in metres) or a polygon. */
export type FenceShape =
  | { kind: 'circle'; center: [number, number]; radius: number }
  | { kind: 'polygon'; points: [number, number][] };
