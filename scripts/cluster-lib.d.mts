import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const HAPROXY_MISSING: string;
export declare function findHaproxy(options?: { install?: boolean }): string | undefined;
export interface InstancePorts {
  httpPort: number;
  devicePort: number;
}
export declare function haproxyConfig(options: { host?: string; httpPort: number; devicePort: number; instances: InstancePorts[] }): string;
export declare function startHaproxy(binary: string, configPath: string, config: string, options?: { stdio?: StdioOptions }): Promise<ChildProcess>;
export declare function instanceEnv(options: { databaseUrl: string; dataDir: string; httpPort: number; devicePort: number }): Record<string, string>;
