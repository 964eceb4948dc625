/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** How often the access token is refreshed while a session is on (ms). Default 13 minutes. */
  readonly VITE_TOKEN_REFRESH_INTERVAL_MS?: string;
  /** Shown on the public About page when the home service has not told us the number yet. */
  readonly VITE_TOLL_FREE_NUMBER?: string;
  readonly VITE_SUPPORT_EMAIL?: string;
  /** Map tiles of the road map ({z}/{x}/{y}); the server's CSP img-src must allow its host. */
  readonly VITE_TILE_URL_ROAD?: string;
  readonly VITE_TILE_ATTRIBUTION_ROAD?: string;
  /** Satellite imagery of the hybrid map, and the labels drawn over it ('none' for no labels). */
  readonly VITE_TILE_URL_HYBRID?: string;
  readonly VITE_TILE_URL_HYBRID_LABELS?: string;
  readonly VITE_TILE_ATTRIBUTION_HYBRID?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
