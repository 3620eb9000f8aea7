/// <reference types="vite/client" />

/** Build flags of the console (see app/edition.ts). */
interface ImportMetaEnv {
  readonly VITE_EDITION?: string;
  readonly VITE_WECHAT_APP_ID?: string;
  readonly VITE_PLC_URL?: string;
  /** Map tiles ({z}/{x}/{y}, optional {s}); OpenStreetMap's by default (components/map/map-config.ts). */
  readonly VITE_TILE_URL?: string;
  readonly VITE_TILE_ATTRIBUTION?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
