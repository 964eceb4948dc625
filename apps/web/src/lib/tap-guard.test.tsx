import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormEvent } from 'react';
import { Link, MemoryRouter, Route, Routes, useNavigate } from 'react-router';
import { Page } from '../components/ui/page';
import { initI18n } from './i18n';
import { SUBMIT_LEADS_MS, TAP_GUARD_ATTRIBUTE, TAP_GUARD_MS, createTapGuard, installTapGuard } from './tap-guard';

const guarded = () => document.documentElement.hasAttribute(TAP_GUARD_ATTRIBUTE);

/** A form that, sent, goes to the next screen (as Log in goes home), and a plain link to it. */
function FormScreen() {
  const navigate = useNavigate();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void navigate('/next', { replace: true });
  };
  return (
    <Page title="Log in">
      <form onSubmit={onSubmit}>
        <button type="submit">Log in</button>
      </form>
      <Link to="/next">Next by link</Link>
    </Page>
  );
}

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/form']}>
      <Routes>
        <Route path="/form" element={<FormScreen />} />
        <Route path="/next" element={<Page title="Home">home</Page>} />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await initI18n('en');
});

let uninstall: (() => void) | null = null;
afterEach(() => {
  uninstall?.();
  uninstall = null;
  vi.useRealTimers();
});

describe('the tap guard after a submit brought a new screen', () => {
  it('ignores taps on the new screen for a moment, then lets them through', async () => {
    uninstall = installTapGuard(document);
    renderApp();
    expect(guarded()).toBe(false);
    const sent = performance.now();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByRole('heading', { name: 'Home' });
    // The second tap of a double tap lands here: the page takes no pointer input.
    expect(guarded()).toBe(true);
    await waitFor(() => expect(guarded()).toBe(false));
    expect(performance.now() - sent).toBeGreaterThanOrEqual(TAP_GUARD_MS - 5);
  });

  it('leaves a screen reached by a link alone', async () => {
    uninstall = installTapGuard(document);
    renderApp();
    fireEvent.click(screen.getByRole('link', { name: 'Next by link' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(guarded()).toBe(false);
  });

  it('guards one screen per submit, and not after a submit long gone', () => {
    vi.useFakeTimers();
    let clock = 0;
    const guard = createTapGuard(document, () => clock);
    document.dispatchEvent(new Event('submit'));
    guard.screenShown();
    expect(guarded()).toBe(true);
    act(() => vi.advanceTimersByTime(TAP_GUARD_MS - 1));
    expect(guarded()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(guarded()).toBe(false);
    // The screen after that one came from a tap of its own.
    guard.screenShown();
    expect(guarded()).toBe(false);
    // A refused form left long ago: the screen a later tap opens is not guarded.
    document.dispatchEvent(new Event('submit'));
    clock += SUBMIT_LEADS_MS + 1;
    guard.screenShown();
    expect(guarded()).toBe(false);
    guard.dispose();
  });

  it('a route change ends a guard and passes a submit to one screen only (a screen without a Page does not pass it on)', () => {
    let clock = 0;
    const guard = createTapGuard(document, () => clock);
    const guarded = () => document.documentElement.hasAttribute(TAP_GUARD_ATTRIBUTE);
    document.dispatchEvent(new Event('submit'));
    guard.routeChanged();
    guard.screenShown();
    expect(guarded()).toBe(true);
    // Left within the guard (a test, or a Back): the next screen is not guarded.
    guard.routeChanged();
    expect(guarded()).toBe(false);
    guard.screenShown();
    expect(guarded()).toBe(false);
    // A submit whose screen has no Page: the screen after it, a route later, is not guarded.
    document.dispatchEvent(new Event('submit'));
    guard.routeChanged();
    guard.routeChanged();
    clock += 100;
    guard.screenShown();
    expect(guarded()).toBe(false);
    guard.dispose();
  });
});
