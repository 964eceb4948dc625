// Types for the TypeScript benches that use load-child.mjs.
export declare function loadInChild(
  url: string,
  paths: readonly string[],
  token: string,
  rate: number,
): { stop(): Promise<{ samples: { at: number; ms: number }[]; errors: number }> };
