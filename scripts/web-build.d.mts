export declare const root: string;
export declare function webBuildIsStale(): boolean;
export declare function ensureWebBuilt(): void;
export declare function newestMtime(path: string): number;
export declare function viteSettings(env?: Record<string, string | undefined>): Record<string, string>;
export declare function viteSettingsChanged(recordFile?: string, env?: Record<string, string | undefined>): boolean;
