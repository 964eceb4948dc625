import type { ChildProcess, StdioOptions } from 'node:child_process';

export declare const HAPROXY_MISSING: string;
export declare function findHaproxy(options?: { install?: boolean }): string | undefined;
export interface InstancePorts {
  httpPort: number;
  devicePort: number;
}
export declare function haproxyConfig(options: { host?: string; httpPort: number; devicePort: number; instances: InstancePorts[]; maxconn?: number }): string;
export declare function startHaproxy(binary: string, configPath: string, config: string, options?: { stdio?: StdioOptions; fileLimit?: number }): Promise<ChildProcess>;
export declare function instanceEnv(options: { databaseUrl: string; dataDir: string; httpPort: number; devicePort: number }): Record<string, string>;
export declare function fileLimit(wanted: number): number;
export declare function withFileLimit(limit: number, command: string, args: string[]): [string, string[]];
export declare function postgresBin(): string | undefined;
export interface ThrowawayPostgres {
  url: string;
  restart(): void;
  stop(): void;
}
export declare function startThrowawayPostgres(options: { port: number }): ThrowawayPostgres;
