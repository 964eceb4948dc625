import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import tractorEn from '../../locales/tractor/en.json';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import { renderWithProviders } from '../../test/render';
import { KISAN_475 as TRACTOR } from '../../test/tractor';
import { englishBeforeAll } from '../../test/words';
import { HomeScreen } from './home-screen';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

englishBeforeAll(loadTractorTexts);

afterEach(() => vi.unstubAllGlobals());

describe('home tab while the tractor figures are on their way', () => {
  it('keeps the weather and the links unseen until then, so nothing jumps down the screen when they arrive', async () => {
    let answerFigures: (res: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) => {
        const path = new URL(String(input), 'http://localhost').pathname;
        if (path.includes('/tractorhomepage/')) return new Promise<Response>((resolve) => (answerFigures = resolve));
        if (path.endsWith('/home')) return json(200, { showMenu: true, firstName: 'Ramesh', tollFreeNumber: '1800 209 0001', tractors: [TRACTOR] });
        return json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } });
      }),
    );
    renderWithProviders(<HomeScreen />, { tractors: [TRACTOR] });
    await screen.findByText(tractorEn['home.greeting'].replace('{{name}}', 'Ramesh'));
    expect(screen.getAllByRole('status').some((s) => s.textContent === 'Loading…')).toBe(true);
    expect(screen.queryByRole('region', { name: tractorEn['weather.title'] })).toBeNull();
    expect(screen.queryByRole('navigation', { name: tractorEn['home.more'] })).toBeNull();
    // The answer comes (here a refusal): what sits below shows, after the figures' place is taken.
    answerFigures(json(404, { error: { code: 'NOT_FOUND', message: 'Not found' } }));
    expect(await screen.findByRole('region', { name: tractorEn['weather.title'] })).toBeTruthy();
    expect(screen.getByRole('navigation', { name: tractorEn['home.more'] })).toBeTruthy();
  });
});
