// Types for the TypeScript benches that use http-load.mjs.
export declare const percentile: (sorted: readonly number[], p: number) => number;
export declare function api(url: string, path: string, options?: { body?: unknown; token?: string; headers?: Record<string, string> }): Promise<{ json: unknown; headers: Headers }>;
export declare function owner(url: string, mobileNo?: string): Promise<string>;
export declare function load(
  url: string,
  paths: readonly string[],
  token: string,
  rate: number,
  seconds: number,
): Promise<{ latencies: number[]; errors: number; seconds: number }>;
export declare function loadUntil(
  url: string,
  paths: readonly string[],
  token: string,
  rate: number,
  stopped: Promise<unknown>,
): Promise<{ samples: { at: number; ms: number }[]; errors: number }>;
