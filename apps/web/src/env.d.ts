/// <reference types="vite/client" />

/** Build flags of the console (see app/edition.ts). */
interface ImportMetaEnv {
  readonly VITE_EDITION?: string;
  readonly VITE_WECHAT_APP_ID?: string;
  readonly VITE_PLC_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
