import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { ReactNode } from 'react';
import en from '../../locales/en.json';
import { initI18n } from '../../lib/i18n';
import { LOADER_TIMEOUT_MS } from '../../lib/loading';
import { Loading } from './loading';
import { Page } from './page';
import { PendingStatus } from './pending-status';

beforeAll(() => initI18n('en'));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const inPage = (children: ReactNode) => (
  <MemoryRouter>
    <Page title="Alerts">{children}</Page>
  </MemoryRouter>
);
const main = () => screen.getByRole('main');

describe('a region whose content is loading is marked busy (aria-busy), so a screen reader waits for all of it', () => {
  it("marks the screen's main while Loading… shows, and unmarks it when the content replaces it", () => {
    const { rerender } = render(inPage(<Loading />));
    expect(screen.getByRole('status').textContent).toBe(en['common.loading']);
    expect(main().getAttribute('aria-busy')).toBe('true');
    rerender(inPage(<ul aria-label="Alert list" />));
    expect(main().hasAttribute('aria-busy')).toBe(false);
  });

  it('marks only the part that waits: a card (section) loading under figures already shown', () => {
    render(
      inPage(
        <>
          <p>Tractor 1 is parked</p>
          <section aria-label="Diesel stations nearby">
            <Loading />
          </section>
        </>,
      ),
    );
    expect(screen.getByRole('region', { name: 'Diesel stations nearby' }).getAttribute('aria-busy')).toBe('true');
    expect(main().hasAttribute('aria-busy')).toBe(false);
  });

  it('stays busy until the last of two waits in one region is over', () => {
    const both = (a: boolean, b: boolean) =>
      inPage(
        <>
          {a && <Loading />}
          {b && <Loading />}
        </>,
      );
    const { rerender } = render(both(true, true));
    rerender(both(false, true));
    expect(main().getAttribute('aria-busy')).toBe('true');
    rerender(both(false, false));
    expect(main().hasAttribute('aria-busy')).toBe(false);
  });

  it('PendingStatus: busy while it waits; past the time-out not busy, so "taking long" is read out', () => {
    vi.useFakeTimers();
    render(inPage(<PendingStatus retry={() => undefined} />));
    expect(main().getAttribute('aria-busy')).toBe('true');
    act(() => vi.advanceTimersByTime(LOADER_TIMEOUT_MS));
    expect(screen.getByRole('alert').textContent).toBe(en['common.slow']);
    expect(main().hasAttribute('aria-busy')).toBe(false);
  });
});
