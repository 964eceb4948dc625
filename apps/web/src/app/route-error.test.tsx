import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { initI18n } from '../lib/i18n';
import { RouteErrorBoundary } from './route-error';

/** A screen with a fault of its own: it fails every time it is opened. */
function Screens() {
  if (window.location.hash === '#/alert-detail/7') throw new Error('a fault of this screen');
  return <p>Home tab</p>;
}

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  window.location.hash = '';
});

describe("the app's 'Something went wrong' screen", () => {
  it('is no dead end: its home link (or the back button) leaves it, and the screens render again', async () => {
    // React reports the error the boundary caught; here it is expected.
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    window.location.hash = '#/alert-detail/7';
    render(
      <RouteErrorBoundary>
        <Screens />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    const home = screen.getByRole('link', { name: 'Go to the home screen' });
    expect(home.getAttribute('href')).toBe('#/tabs/home');
    await act(async () => {
      window.location.hash = '#/tabs/home';
      await new Promise<void>((resolve) => window.addEventListener('hashchange', () => resolve(), { once: true }));
    });
    expect(await screen.findByText('Home tab')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull();
  });
});
