import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import tractorEn from '../locales/tractor/en.json';
import { loadTractorTexts } from '../lib/signed-in/tractor-texts';
import { englishBeforeAll } from '../test/words';
import { RouteErrorBoundary } from './route-error';
import { SideMenu } from './side-menu';

// Ask me's menu entry is fetched the first time the menu opens; with no signal it is not on the phone.
const load = vi.hoisted(() => ({ tried: 0 }));
vi.mock('../features/askme/menu-entry', () => {
  load.tried += 1;
  throw new TypeError('Failed to fetch dynamically imported module: /assets/menu-entry.js');
});

englishBeforeAll(loadTractorTexts);
afterEach(() => vi.unstubAllGlobals());

describe('the side menu opened for the first time with no signal', () => {
  it("opens with its entries, without Ask me's, instead of the app's 'could not open' screen", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <RouteErrorBoundary>
            <SideMenu open onClose={() => undefined} tollFreeNumber="1800 209 0001" />
          </RouteErrorBoundary>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const nav = screen.getByRole('navigation', { name: tractorEn['menu.title'] });
    // The load was tried and failed, and React has rendered what came of it.
    await vi.waitFor(() => expect(load.tried).toBe(1));
    await act(async () => {});
    expect(screen.getByRole('navigation', { name: tractorEn['menu.title'] })).toBe(nav);
    expect(within(nav).getByRole('link', { name: tractorEn['settings.title'] })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: tractorEn['menu.reminders'] })).toBeTruthy();
    expect(within(nav).queryByRole('link', { name: 'Ask me' })).toBeNull();
  });
});
