export declare const root: string;
export declare function webBuildIsStale(): boolean;
export declare function ensureWebBuilt(): void;
export declare function newestMtime(path: string): number;
