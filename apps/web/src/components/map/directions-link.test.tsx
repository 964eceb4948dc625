import { describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { englishBeforeAll } from '../../test/words';
import { DirectionsLink, directionsUrl } from './directions-link';

/** Locate me's "navigate to the tractor" (spec §2), and spec §8 'directions request failed' when there is nowhere to go. */
englishBeforeAll(loadTractorTexts);

describe('directions to the tractor', () => {
  it("opens the phone's maps with the tractor as the destination", () => {
    render(<DirectionsLink to={{ lat: 18.8226, lon: 74.3752 }} />);
    const link = screen.getByRole('link', { name: 'Navigate to tractor' });
    expect(link.getAttribute('href')).toBe(directionsUrl({ lat: 18.8226, lon: 74.3752 }));
    expect(link.getAttribute('href')).toContain('destination=18.822600,74.375200');
    expect(screen.queryByText('Directions request failed.')).toBeNull();
  });

  it("with no known position, a tap says 'Directions request failed.'", () => {
    render(<DirectionsLink to={null} />);
    expect(screen.queryByText('Directions request failed.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Navigate to tractor' }));
    expect(screen.getByText('Directions request failed.')).toBeTruthy();
  });
});
