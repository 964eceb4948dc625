/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** How often the access token is refreshed while a session is on (ms). Default 13 minutes. */
  readonly VITE_TOKEN_REFRESH_INTERVAL_MS?: string;
  /** Shown on the public About page when the home service has not told us the number yet. */
  readonly VITE_TOLL_FREE_NUMBER?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
