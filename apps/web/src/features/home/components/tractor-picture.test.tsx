import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { TractorPicture } from './tractor-picture';

/** Spec §4 tractor picture, as drawn on the home tab: every branch of the rule. */
function picture(vehicle: Parameters<typeof TractorPicture>[0]['vehicle'], lastStatus?: string | null): string | null {
  const { container, unmount } = render(<TractorPicture vehicle={vehicle} lastStatus={lastStatus} />);
  const svg = container.querySelector('svg');
  const drawn = svg ? `${svg.getAttribute('data-picture')}:${svg.classList.contains('is-animated') ? 'moving parts' : 'still'}` : null;
  unmount();
  return drawn;
}

describe('tractor picture on the home tab', () => {
  it.each(['moving', 'running', 'idle'])('%s draws the animated tractor', (status) => {
    expect(picture({ vehicleStatus: status, devicePowerMode: 'unknown' })).toBe('animated:moving parts');
  });

  it.each(['stopped', 'unknown', 'unused', 'undefined', 'towed'])('%s draws the static tractor', (status) => {
    expect(picture({ vehicleStatus: status, devicePowerMode: 'normal_active' })).toBe('static:still');
  });

  it("'na' or no status uses the last stored status", () => {
    expect(picture({ vehicleStatus: 'na', devicePowerMode: 'unknown' }, 'running')).toBe('animated:moving parts');
    expect(picture({ devicePowerMode: 'normal_active' }, 'stopped')).toBe('static:still');
  });

  it('with no stored status, power mode normal_active or sleeptx_standby animates, anything else is static', () => {
    expect(picture({ vehicleStatus: 'na', devicePowerMode: 'normal_active' }, null)).toBe('animated:moving parts');
    expect(picture({ vehicleStatus: 'na', devicePowerMode: 'sleeptx_standby' }, null)).toBe('animated:moving parts');
    expect(picture({ vehicleStatus: 'na', devicePowerMode: 'battery_backup' }, null)).toBe('static:still');
    expect(picture({ vehicleStatus: null, devicePowerMode: null }, null)).toBe('static:still');
  });

  it('an empty vehicle object draws nothing', () => {
    expect(picture({})).toBeNull();
    expect(picture(null)).toBeNull();
  });

  it('is decorative (the status is written beside it) and keeps still for reduced motion via CSS', () => {
    const { container } = render(<TractorPicture vehicle={{ vehicleStatus: 'moving' }} />);
    expect(container.querySelector('svg')?.getAttribute('aria-hidden')).toBe('true');
  });
});
