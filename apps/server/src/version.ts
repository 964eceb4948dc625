import serverPackage from '../package.json' with { type: 'json' };

/** Product version, reported by /api/v1/health and the OpenAPI document. */
export const APP_VERSION: string = serverPackage.version;
