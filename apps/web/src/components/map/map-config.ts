/**
 * Map tiles come from configuration (ARCHITECTURE Web: leaflet with the tile URL in config), a build
 * flag like the others: VITE_TILE_URL in Leaflet's template syntax, VITE_TILE_ATTRIBUTION beside it.
 * OpenStreetMap's public tiles are the default; a deployment without internet access points the
 * flag at its own tile server, and the maps still show positions (with a notice) when tiles fail.
 */
export const DEFAULT_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const DEFAULT_TILE_ATTRIBUTION = '&copy; OpenStreetMap contributors';

export const TILE_URL: string = import.meta.env.VITE_TILE_URL || DEFAULT_TILE_URL;
export const TILE_ATTRIBUTION: string =
  import.meta.env.VITE_TILE_ATTRIBUTION ?? (TILE_URL === DEFAULT_TILE_URL ? DEFAULT_TILE_ATTRIBUTION : '');
