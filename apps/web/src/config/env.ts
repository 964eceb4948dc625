// The one place that reads build-time settings (import.meta.env).

const DEFAULT_REFRESH_MS = 13 * 60 * 1000;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

/** 'none' switches an optional URL off. */
function optional(value: string | undefined, fallback: string): string | null {
  if (value === 'none') return null;
  return value ?? fallback;
}

export const env = {
  apiBase: '/api/v1/',
  tokenRefreshIntervalMs: positiveInt(import.meta.env.VITE_TOKEN_REFRESH_INTERVAL_MS, DEFAULT_REFRESH_MS),
  tollFreeNumber: import.meta.env.VITE_TOLL_FREE_NUMBER ?? '18002003000',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@tractorlink.in',
  version: '1.5',
  tiles: {
    road: {
      url: import.meta.env.VITE_TILE_URL_ROAD ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: import.meta.env.VITE_TILE_ATTRIBUTION_ROAD ?? '© OpenStreetMap contributors',
    },
    hybrid: {
      url: import.meta.env.VITE_TILE_URL_HYBRID ?? 'https://server.arcgisonline.com/ArcGIS/rest/services/World_Imagery/MapServer/tile/{z}/{y}/{x}',
      labelsUrl: optional(
        import.meta.env.VITE_TILE_URL_HYBRID_LABELS,
        'https://server.arcgisonline.com/ArcGIS/rest/services/Reference/World_Boundaries_and_Places/MapServer/tile/{z}/{y}/{x}',
      ),
      attribution: import.meta.env.VITE_TILE_ATTRIBUTION_HYBRID ?? 'Imagery © Esri, Maxar, Earthstar Geographics',
    },
  },
} as const;
