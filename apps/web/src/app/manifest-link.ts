import { manifestFile } from '../manifest/manifest-file';

/**
 * Points the page at the owner's language's manifest (issue 19 item 6), so an install shows the
 * description and shortcuts in their language (no browser reads `*_localized` yet: manifests.ts). It
 * is added by the app once its first screen is up, not by index.html: on a slow link the manifest and
 * the icon the browser fetches with it would compete with the login screen's own files.
 */
export function linkManifest(lang: string): void {
  let link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'manifest';
    document.head.append(link);
  }
  const href = manifestFile(lang);
  if (link.getAttribute('href') !== href) link.setAttribute('href', href);
}
