export declare const CHROMIUM_MISSING: string;
export declare function findChromium(): string | undefined;
