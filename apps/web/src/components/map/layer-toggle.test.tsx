import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { englishBeforeAll } from '../../test/words';
import { LayerToggle } from './layer-toggle';

/** Spec §2: the map toggles between roadmap and hybrid; the icon shows satellite on the roadmap, road on hybrid. */
englishBeforeAll(loadTractorTexts);

describe('the map view toggle', () => {
  it('on the roadmap shows the satellite icon, and a tap asks for hybrid', () => {
    const onChange = vi.fn();
    render(<LayerToggle layer="road" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Satellite view' });
    expect(button.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('satellite');
    fireEvent.click(button);
    expect(onChange).toHaveBeenCalledWith('hybrid');
  });

  it('on hybrid shows the road icon, and a tap asks for the roadmap', () => {
    const onChange = vi.fn();
    render(<LayerToggle layer="hybrid" onChange={onChange} />);
    const button = screen.getByRole('button', { name: 'Road map view' });
    expect(button.querySelector('[data-icon]')?.getAttribute('data-icon')).toBe('road');
    fireEvent.click(button);
    expect(onChange).toHaveBeenCalledWith('road');
  });
});
