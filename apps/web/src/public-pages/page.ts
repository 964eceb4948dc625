import { fill, isPageLanguage, loadTexts } from './texts';

/**
 * What the two shared pages (bill.html, live.html) have in common: the token from the fragment (it never
 * reaches a server log or a Referer), the public JSON behind it, a little DOM building, and the
 * 'link not valid' and 'could not load' states. Plain DOM: no framework, no router, no app shell.
 */

/** Link tokens are 32 random bytes in base64url (hire-api.ts TOKEN_PATTERN; not imported: it brings zod). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export function tokenFromHash(hash: string = location.hash): string | null {
  const token = hash.replace(/^#/, '');
  return TOKEN.test(token) ? token : null;
}

export type Fetched<T> = { kind: 'ok'; body: T } | { kind: 'gone' } | { kind: 'failed' };

/** GET api/v1/public/<kind>/<token>: 404 is a link that is unknown, revoked or expired. */
export async function fetchPublic<T>(kind: 'bills' | 'live', token: string): Promise<Fetched<T>> {
  try {
    const res = await fetch(new URL(`api/v1/public/${kind}/${token}`, document.baseURI), {
      headers: { Accept: 'application/json' },
      cache: 'no-store',
      referrerPolicy: 'no-referrer',
    });
    if (res.status === 404) return { kind: 'gone' };
    if (!res.ok) return { kind: 'failed' };
    return { kind: 'ok', body: (await res.json()) as T };
  } catch {
    return { kind: 'failed' };
  }
}

type Child = Node | string | null | undefined | false;

/** A small element builder: h('p', { class: 'x' }, 'text', child). */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Readonly<Record<string, string>> = {}, ...children: Child[]): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  for (const c of children) if (c !== null && c !== undefined && c !== false) node.append(c);
  return node;
}

/** The page's main region, emptied and filled with `nodes`; the language set for screen readers and fonts. */
export function show(lang: string, title: string, ...nodes: Child[]): void {
  document.documentElement.lang = lang;
  document.title = title;
  const main = document.getElementById('main');
  if (!main) return;
  main.replaceChildren(...nodes.filter((n): n is Node | string => n !== null && n !== undefined && n !== false));
  main.removeAttribute('aria-busy');
}

/** The reader's own language while the page does not yet know the customer's. */
export function browserLanguage(): string {
  const code = (navigator.language || 'en').slice(0, 2);
  return isPageLanguage(code) ? code : 'en';
}

/** 'This link is not valid any more' or 'could not load' (with Try again), in `lang`. */
export async function showProblem(lang: string, kind: 'gone' | 'failed', titleKey: string, retry: () => void): Promise<void> {
  const { lang: code, texts } = await loadTexts(lang);
  const title = fill(texts, titleKey);
  if (kind === 'gone') {
    show(code, title, h('h1', {}, title), h('p', { class: 'pub-problem', role: 'alert' }, fill(texts, 'pub.notFound')));
    return;
  }
  const again = h('button', { type: 'button', class: 'pub-button' }, fill(texts, 'pub.tryAgain'));
  again.addEventListener('click', retry);
  show(code, title, h('h1', {}, title), h('p', { class: 'pub-problem', role: 'alert' }, fill(texts, 'pub.failed')), again);
}

/** A list of terms and their values (<dl>), rows without a value left out. */
export function facts(rows: readonly (readonly [string, string | null])[]): HTMLDListElement {
  const dl = h('dl', { class: 'pub-facts' });
  for (const [term, value] of rows) if (value !== null) dl.append(h('dt', {}, term), h('dd', {}, value));
  return dl;
}
