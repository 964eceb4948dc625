export declare const SERVER_BUNDLE: string;
export declare function serverBuildIsStale(): boolean;
export declare function ensureServerBuilt(): Promise<string>;
