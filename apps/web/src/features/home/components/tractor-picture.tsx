import { tractorPicture } from '@tractorlink/domain/vehicle-state';

interface TractorPictureProps {
  vehicle: { vehicleStatus?: string | null; devicePowerMode?: string | null } | null | undefined;
  /** The last status stored before this one (spec §4: used when the status is 'na' or absent). */
  lastStatus?: string | null | undefined;
}

/**
 * The spec §4 tractor picture, drawn here (no image to download): animated — wheels turning, a
 * little bounce and exhaust puffs — or static, or nothing for an empty vehicle. The status is
 * written beside it, so the drawing itself is decorative. Motion stops for prefers-reduced-motion.
 */
export function TractorPicture({ vehicle, lastStatus }: TractorPictureProps) {
  const picture = tractorPicture(vehicle, lastStatus);
  if (picture === 'none') return null;
  return (
    <svg className={`tractor-picture is-${picture}`} data-picture={picture} viewBox="0 0 160 112" width="160" height="112" aria-hidden="true" focusable="false">
      <line x1="4" y1="107" x2="156" y2="107" className="tp-ground" />
      {picture === 'animated' && (
        <g className="tp-smoke">
          <circle cx="106" cy="20" r="5" />
          <circle cx="110" cy="12" r="4" />
          <circle cx="104" cy="6" r="3" />
        </g>
      )}
      <g className="tp-body">
        <rect x="102" y="24" width="6" height="26" rx="2" className="tp-pipe" />
        <path d="M60 50h78a8 8 0 0 1 8 8v20H60z" className="tp-hood" />
        <path d="M30 20h36l4 58H26z" className="tp-cab" />
        <path d="M36 27h24l2 24H34z" className="tp-window" />
        <rect x="24" y="14" width="48" height="7" rx="3" className="tp-roof" />
      </g>
      <g className="tp-wheel tp-rear">
        <circle cx="48" cy="79" r="26" className="tp-tyre" />
        <circle cx="48" cy="79" r="23" className="tp-lugs" />
        <circle cx="48" cy="79" r="10" className="tp-hub" />
        <path d="M48 69v20M38 79h20" className="tp-spokes" />
      </g>
      <g className="tp-wheel tp-front">
        <circle cx="128" cy="92" r="14" className="tp-tyre" />
        <circle cx="128" cy="92" r="12" className="tp-lugs" />
        <circle cx="128" cy="92" r="5" className="tp-hub" />
        <path d="M128 87v10M123 92h10" className="tp-spokes" />
      </g>
    </svg>
  );
}
