import { beforeAll, describe, expect, it } from 'vitest';
import { render, renderHook, screen } from '@testing-library/react';
import { changeAppLanguage, initI18n } from '../../lib/i18n';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { sayIn, useUnits } from '../../lib/signed-in/units';
import { Said } from './said';

beforeAll(async () => {
  await initI18n('en');
  await loadTractorTexts('en');
});

describe('figures heard in words', () => {
  it('English abbreviates on screen; a screen reader hears litres, hours, minutes and kilometres', () => {
    const { result } = renderHook(() => useUnits());
    const units = result.current;
    expect(units.litres(12.5)).toEqual({ shown: '12.5 L', spoken: '12.5 litres' });
    expect(units.litres(1)).toEqual({ shown: '1 L', spoken: '1 litre' });
    expect(units.hourMeter(3)).toEqual({ shown: '3 h', spoken: '3 hours' });
    expect(units.duration(1 + 5 / 60)).toEqual({ shown: '1 h 5 min', spoken: '1 hour 5 minutes' });
    expect(units.km(3.2)).toEqual({ shown: '3.2 km', spoken: '3.2 kilometres' });
    expect(units.distance(450)).toEqual({ shown: '450 m', spoken: '450 metres' });
    expect(sayIn((d) => `${d} away`, units.km(2))).toEqual({ shown: '2 km away', spoken: '2 kilometres away' });
  });

  it('shows the short form to the eye only and the words to the ear only', () => {
    render(
      <p data-testid="fig">
        <Said figure={{ shown: '12.5 L', spoken: '12.5 litres' }} />
      </p>,
    );
    expect(screen.getByText('12.5 L').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('12.5 litres').className).toBe('visually-hidden');
  });

  it('is one plain text when the language writes the word on screen (Tamil)', async () => {
    await changeAppLanguage('ta');
    await loadTractorTexts('ta');
    const { result } = renderHook(() => useUnits());
    const litres = result.current.litres(12.5);
    expect(litres.shown).toBe(litres.spoken);
    render(
      <p data-testid="fig">
        <Said figure={litres} />
      </p>,
    );
    expect(screen.getByTestId('fig').innerHTML).toBe(litres.shown);
    await changeAppLanguage('en');
  });
});
