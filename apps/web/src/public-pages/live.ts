import type { PublicLive } from '@tractorlink/domain/hire-api';
import { formatDateTime, formatFigure, formatTime } from './customer-figures';
import { drawOutline } from './outline-svg';
import type { LonLat } from './outline-svg';
import { installIntlFallback } from '../lib/intl-fallback';
import { browserLanguage, facts, fetchPublic, h, show, showProblem, tokenFromHash } from './page';
import { fill, loadTexts } from './texts';
import type { Texts } from './texts';
import './public.css';

// A Punjabi customer's browser may have no Punjabi dates or money (lib/intl-fallback.ts).
installIntlFallback();

/**
 * live.html#<token> (issue 17): one tractor's position now (and today's track when the owner chose),
 * for a driver or a customer waiting at the field, until the link expires or is revoked. It asks
 * again every `refreshAfterSeconds` while the page is in view; a link that ended says so and stops.
 */
const REFRESH_S = { min: 10, max: 120 };
/** Heard longer ago than this: the date is shown with the time. */
const OLD_S = 12 * 3600;

function directionsUrl(lat: number, lng: number): string {
  return `https://www.google.com/maps/dir/?api=1&destination=${lat.toFixed(6)},${lng.toFixed(6)}&travelmode=driving`;
}

function render(live: PublicLive, lang: string, texts: Texts, nowS: number): void {
  const t = (key: string, values?: Record<string, string | number>) => fill(texts, key, values);
  const title = t('pub.live.title', { regNo: live.regNo });
  const p = live.position;
  const heard = p ? (nowS - p.at > OLD_S ? formatDateTime(p.at, lang) : formatTime(p.at, lang)) : null;
  const drawing = drawOutline(
    {
      track: live.track?.map(([, lat, lng]) => [lng, lat] as LonLat) ?? null,
      position: p ? [p.lng, p.lat] : null,
    },
    t('pub.live.mapLabel'),
  );
  show(
    lang,
    title,
    h('header', { class: 'pub-head' }, h('h1', {}, title)),
    h('p', { class: `pub-status pub-${live.status}`, role: 'status' }, t(`pub.live.status.${live.status}`)),
    p
      ? facts([
          [t('pub.live.lastHeard'), heard],
          [t('pub.live.speed'), p.speedKmh === null ? null : t('pub.unit.kmh', { value: formatFigure(p.speedKmh, lang, 0) })],
        ])
      : h('p', {}, t('pub.live.noPosition')),
    drawing
      ? h(
          'figure',
          { class: 'pub-map' },
          drawing,
          h(
            'figcaption',
            {},
            p ? h('span', { class: 'key key-now' }, t('pub.live.keyNow')) : null,
            live.track && live.track.length > 1 ? h('span', { class: 'key key-track' }, t('pub.live.keyTrack')) : null,
          ),
        )
      : null,
    p ? h('a', { class: 'pub-button', href: directionsUrl(p.lat, p.lng), target: '_blank', rel: 'noopener noreferrer' }, t('pub.live.directions')) : null,
    h('p', { class: 'pub-muted' }, t('pub.live.until', { time: formatDateTime(live.expiresAt, lang) })),
    h('p', { class: 'pub-muted' }, t('pub.live.updated', { time: formatTime(nowS, lang) })),
  );
}

let timer: ReturnType<typeof setTimeout> | undefined;

async function refresh(): Promise<void> {
  clearTimeout(timer);
  const token = tokenFromHash();
  if (!token) return showProblem(browserLanguage(), 'gone', 'pub.live.titlePlain', () => undefined);
  const result = await fetchPublic<PublicLive>('live', token);
  if (result.kind === 'gone') return showProblem(browserLanguage(), 'gone', 'pub.live.titlePlain', () => undefined);
  if (result.kind === 'failed') {
    // A weak signal: say so, and try again later by itself too.
    timer = setTimeout(() => void refresh(), REFRESH_S.max * 1000);
    return showProblem(browserLanguage(), 'failed', 'pub.live.titlePlain', () => void refresh());
  }
  const { lang, texts } = await loadTexts(result.body.language);
  render(result.body, lang, texts, Math.floor(Date.now() / 1000));
  const wait = Math.min(REFRESH_S.max, Math.max(REFRESH_S.min, result.body.refreshAfterSeconds));
  timer = setTimeout(() => {
    if (document.visibilityState === 'visible') void refresh();
  }, wait * 1000);
}

// Back in view after a while: ask at once rather than show an old position.
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') void refresh();
});
window.addEventListener('hashchange', () => void refresh());
void refresh();
