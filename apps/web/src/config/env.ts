// The one place that reads build-time settings (import.meta.env).

const DEFAULT_REFRESH_MS = 13 * 60 * 1000;

function positiveInt(value: string | undefined, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export const env = {
  apiBase: '/api/v1/',
  tokenRefreshIntervalMs: positiveInt(import.meta.env.VITE_TOKEN_REFRESH_INTERVAL_MS, DEFAULT_REFRESH_MS),
  tollFreeNumber: import.meta.env.VITE_TOLL_FREE_NUMBER ?? '18002003000',
  supportEmail: import.meta.env.VITE_SUPPORT_EMAIL ?? 'support@tractorlink.in',
  version: '1.5',
} as const;
