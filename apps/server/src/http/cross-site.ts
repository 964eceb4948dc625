import type { FastifyRequest } from 'fastify';

/** What a browser says of a request made by our own pages (or typed in by the user). */
const OWN_FETCH_SITES = new Set(['same-origin', 'none']);

/**
 * True when a browser sent this request on behalf of another site: a form, link or script there.
 * The web app and the API share one origin (CSP connect-src 'self'), so anything else, a sibling
 * subdomain included, is foreign. SameSite=Strict already keeps the refresh cookie off such requests,
 * but "site" spans every subdomain of the registrable domain and old browsers ignore the attribute;
 * this is the server's own check. Browsers that send Sec-Fetch-Site are judged by it; older ones by
 * Origin against the Host they asked (TRUST_PROXY: X-Forwarded-Host). Clients that send neither (curl,
 * the tests) are no browser acting for another site.
 */
export function isCrossSiteRequest(request: FastifyRequest): boolean {
  const fetchSite = request.headers['sec-fetch-site'];
  if (typeof fetchSite === 'string') return !OWN_FETCH_SITES.has(fetchSite.toLowerCase());
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  try {
    // "null" (a sandboxed frame, a privacy-preserving redirect) parses to no host and is foreign.
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}
