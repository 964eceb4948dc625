import type { ReactElement } from 'react';

/**
 * The bundled weather icon set (spec §9 "weather icons come from a bundled icon set keyed by icon
 * number"): our own small SVGs, drawn from a few parts, one per kind of sky, each kind with the
 * AccuWeather icon numbers (1–44) it stands for. Decorative: the phrase beside it is the text.
 */

const SUN = '#e69500';
const GREY = '#78909c';
const WATER = '#1e88e5';

const rays = (() => {
  let d = '';
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4;
    const at = (r: number) => `${(24 + r * Math.cos(a)).toFixed(1)} ${(24 + r * Math.sin(a)).toFixed(1)}`;
    d += `M${at(12.5)}L${at(17)}`;
  }
  return d;
})();

const sun = (
  <g>
    <circle cx="24" cy="24" r="8.5" fill={SUN} />
    <path d={rays} stroke={SUN} strokeWidth="3" strokeLinecap="round" />
  </g>
);
const moon = <path d="M19.9 11.1A15 15 0 1 0 36.9 28.1A13 13 0 0 1 19.9 11.1z" fill="#f2b705" />;
const cloud = (
  <g fill="#9fb2bc">
    <circle cx="17" cy="30" r="7" />
    <circle cx="27" cy="25" r="9" />
    <circle cx="35" cy="31" r="6" />
    <rect x="10" y="30" width="31" height="7" rx="3.5" />
  </g>
);

/** The parts an icon is drawn from; a small sun or moon sits behind a cloud, a high cloud above rain. */
const PARTS: Record<string, ReactElement> = {
  S: sun,
  s: <g transform="translate(1 1) scale(.6)">{sun}</g>,
  M: moon,
  m: <g transform="translate(1 1) scale(.6)">{moon}</g>,
  C: cloud,
  c: <g transform="translate(0 -7)">{cloud}</g>,
  /** Haze or fog lines. */
  H: <path d="M8 37h32M13 43h22" stroke={GREY} strokeWidth="3" strokeLinecap="round" />,
  /** Showers: a few short drops. */
  D: <path d="M18 35l-2 5M26 35l-2 5M34 35l-2 5" stroke={WATER} strokeWidth="3" strokeLinecap="round" />,
  /** Rain: long streaks. */
  R: <path d="M15 34l-3 10M23 34l-3 10M31 34l-3 10M39 34l-2 7" stroke={WATER} strokeWidth="3" strokeLinecap="round" />,
  B: <path d="M27 30l-8 9h5l-3 8 10-11h-5l3-6z" fill={SUN} />,
  /** Snow, sleet or cold: flakes. */
  F: (
    <g fill="#64b5f6">
      <circle cx="16" cy="38" r="2.2" />
      <circle cx="25" cy="43" r="2.2" />
      <circle cx="33" cy="37" r="2.2" />
    </g>
  ),
  W: <path d="M6 18h22a5 5 0 1 0-5-5M6 26h30a5 5 0 1 1-5 5M6 34h16" stroke={GREY} strokeWidth="3" strokeLinecap="round" fill="none" />,
};

/** Each kind of sky: its parts, and the AccuWeather icon numbers it is shown for. */
const KINDS: readonly [parts: string, icons: readonly number[]][] = [
  // sunny, mostly sunny, hot
  ['S', [1, 2, 30]],
  // sun and cloud: partly sunny, intermittent clouds, mostly cloudy
  ['sC', [3, 4, 6]],
  // cloudy, dreary
  ['C', [7, 8]],
  // hazy sunshine
  ['sH', [5]],
  // fog
  ['cH', [11]],
  // showers, by day and by night
  ['cD', [12, 13, 14, 39, 40]],
  // thunderstorms
  ['cB', [15, 16, 17, 41, 42]],
  // rain, freezing rain
  ['cR', [18, 26]],
  // flurries, snow, ice, sleet, rain and snow, cold
  ['cF', [19, 20, 21, 22, 23, 24, 25, 29, 31, 43, 44]],
  // windy
  ['W', [32]],
  // clear night
  ['M', [33, 34]],
  // cloudy night: partly cloudy, intermittent clouds, mostly cloudy
  ['mC', [35, 36, 38]],
  // hazy moonlight
  ['mH', [37]],
];

const BY_ICON = new Map<number, string>(KINDS.flatMap(([parts, icons]) => icons.map((i) => [i, parts] as const)));

/** The parts of an AccuWeather icon number, or undefined for a number the set does not know (9, 10, 27, 28 …). */
export const iconParts = (icon: number): string | undefined => BY_ICON.get(icon);

export function WeatherIcon({ icon, size = 64 }: { icon: number; size?: number }) {
  const parts = iconParts(icon);
  if (!parts) return null;
  return (
    <svg className="weather-icon" viewBox="0 0 48 48" width={size} height={size} aria-hidden="true" focusable="false" data-icon={icon}>
      {[...parts].map((p, i) => (
        <g key={i}>{PARTS[p]}</g>
      ))}
    </svg>
  );
}
