import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { HomeResponse } from '@tractorlink/domain/auth';
import en from '../locales/en.json';
import tractorEn from '../locales/tractor/en.json';
import { Page } from '../components/ui/page';
import { queryClient } from '../lib/query-client';
import { storage } from '../lib/secure-storage';
import { resetSessionForTests, startSession } from '../lib/session';
import { loadAskMeTexts } from '../lib/signed-in/askme-texts';
import { loadTractorTexts } from '../lib/signed-in/tractor-texts';
import { ShellLayout } from './shell-layout';
import { SideMenu } from './side-menu';
import { testOwner } from '../test/owner';
import { englishBeforeAll } from '../test/words';

const user = testOwner();
const home = (showMenu: boolean): HomeResponse => ({ showMenu, firstName: 'Ramesh', tollFreeNumber: '1800 209 0001', tractors: [] });
const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

function api(showMenu = true) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace('/api/v1/', '');
      if (path === 'home') return json(home(showMenu));
      if (path === 'profile') return json(user);
      return new Response('{}', { status: 404 });
    }),
  );
}

englishBeforeAll(loadTractorTexts, loadAskMeTexts);

afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
  resetSessionForTests();
});

describe('side menu (spec §1)', () => {
  beforeEach(() => api());

  it('lists the entries in the spec order, book doorstep services right after my tractor', async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SideMenu open onClose={() => undefined} tollFreeNumber="1800 209 0001" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const nav = screen.getByRole('navigation', { name: tractorEn['menu.title'] });
    // Ask me's entry comes with its own words, a moment later.
    await within(nav).findByRole('link', { name: 'Ask me' });
    const names = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent?.replace(/\s+/g, ' ').trim());
    expect(names).toEqual([
      `${tractorEn['menu.call']} 1800 209 0001`,
      tractorEn['myTractor.title'],
      tractorEn['menu.bookServices'],
      tractorEn['menu.hire'],
      tractorEn['menu.subscriptionHistory'],
      tractorEn['menu.alertConfiguration'],
      tractorEn['menu.reminders'],
      'Ask me',
      tractorEn['menu.language'],
      tractorEn['settings.title'],
      en['about.title'],
    ]);
    expect(within(nav).getByRole('link', { name: tractorEn['menu.bookServices'] }).getAttribute('href')).toBe('/book-services');
    expect(within(nav).getByRole('link', { name: tractorEn['menu.hire'] }).getAttribute('href')).toBe('/hire');
  });
});

describe('the return path the menu records (spec §2)', () => {
  beforeEach(() => api());
  afterEach(() => storage.remove('path'));

  it.each([
    ['language', () => tractorEn['menu.language'], '/language'],
    ['edit profile', () => tractorEn['menu.editProfile'], '/create-new-profile'],
  ])('going to %s records the home tab as the way back, and closes the menu', async (_what, name, href) => {
    storage.set('path', '/about');
    const onClose = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    startSession({ access_token: 'token', token_type: 'Bearer', expires_in: 900, user }, true);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <SideMenu open onClose={onClose} tollFreeNumber="1800 209 0001" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const link = await screen.findByRole('link', { name: name() });
    expect(link.getAttribute('href')).toBe(href);
    fireEvent.click(link);
    expect(storage.get('path')).toBe('/tabs/home');
    expect(onClose).toHaveBeenCalled();
  });
});

describe("the menu follows the home service's show flag (spec §1)", () => {
  function renderShell() {
    return render(
      <MemoryRouter initialEntries={['/screen']}>
        <Routes>
          <Route element={<ShellLayout />}>
            <Route path="/screen" element={<Page title="A screen">content</Page>} />
          </Route>
        </Routes>
      </MemoryRouter>,
    );
  }

  it('shows the menu button when home says showMenu', async () => {
    api(true);
    startSession({ access_token: 'token-1', token_type: 'Bearer', expires_in: 900, user }, false);
    renderShell();
    expect(await screen.findByRole('button', { name: tractorEn['menu.open'] })).toBeTruthy();
  });

  it('hides it when home says not to', async () => {
    const fetched = vi.fn();
    api(false);
    const real = globalThis.fetch;
    vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
      fetched(String(input));
      return real(input, init);
    });
    startSession({ access_token: 'token-1', token_type: 'Bearer', expires_in: 900, user }, false);
    renderShell();
    await vi.waitFor(() => expect(fetched).toHaveBeenCalledWith(expect.stringContaining('home')));
    await screen.findByText('content');
    // Give the answer time to render: the button must still not come.
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('button', { name: tractorEn['menu.open'] })).toBeNull();
  });
});
