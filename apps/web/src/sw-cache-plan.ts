/**
 * What the service worker downloads when it installs, and what it keeps only once used (issue 19
 * item 3). Precaching every screen in all seven languages (≈ 200 files, which Workbox fetches one at
 * a time) took about 90 s on a 400 kbps, 400 ms link, against the owner's first session. Now the
 * build marks each entry of the precache manifest: the shell (index.html, the entry's scripts and
 * styles, the login screen, the update prompt, the alarm sound) is precached; every other asset gets
 * the revision ON_FIRST_USE and is cached the first time the app loads it (a language the owner uses,
 * a screen they open). Its hashed file name is its revision, so a cached copy never goes stale.
 */

/** Page → service worker: keep these asset URLs (what the page loaded before the worker controlled it). */
export const CACHE_URLS = 'cache-urls';

export interface CacheUrlsMessage {
  type: typeof CACHE_URLS;
  /** Absolute URLs; the worker keeps only those of its own version. */
  urls: string[];
}

/** The revision the build gives an asset that is cached on first use instead of at install. */
export const ON_FIRST_USE = 'on-first-use';

export interface PlanEntry {
  url: string;
  revision?: string | null | undefined;
}

/** Splits the injected manifest: what to precache, and the URLs (relative to the scope) to cache on first use. */
export function splitManifest<E extends PlanEntry>(entries: readonly (string | E)[]): { shell: (string | E)[]; onFirstUse: string[] } {
  const shell: (string | E)[] = [];
  const onFirstUse: string[] = [];
  for (const entry of entries) {
    if (typeof entry !== 'string' && entry.revision === ON_FIRST_USE) onFirstUse.push(entry.url);
    else shell.push(entry);
  }
  return { shell, onFirstUse };
}

/**
 * A hashed asset's stable name ('assets/usage-screen-C3rg_eH9.js' → 'assets/usage-screen.js'): what
 * an update looks for to fetch the new version of a file the owner had used, so a screen that opened
 * offline before the update still does after it.
 */
export function assetName(url: string): string {
  return url.replace(/-[\w-]{8}(\.\w+)$/, '$1');
}

/** Marks every entry of the build's manifest that is not part of the shell as ON_FIRST_USE. */
export function markOnFirstUse<E extends PlanEntry>(entries: readonly E[], isShell: (url: string) => boolean): E[] {
  return entries.map((e) => (isShell(e.url) ? e : { ...e, revision: ON_FIRST_USE }));
}
