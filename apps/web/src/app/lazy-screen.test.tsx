import { Suspense } from 'react';
import { act, fireEvent, render, screen as find } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../lib/i18n';
import { screen } from './lazy-screen';
import { networkIsBack } from './network-back';
import { RouteErrorBoundary } from './route-error';

function Usage({ who }: { who: string }) {
  return <p>Usage of {who}</p>;
}

function show(Screen: ReturnType<typeof screen<{ Usage: typeof Usage }, { who: string }>>) {
  return render(
    <MemoryRouter>
      <RouteErrorBoundary>
        <Suspense fallback={<p>Loading</p>}>
          <Screen who="Arjun" />
        </Suspense>
      </RouteErrorBoundary>
    </MemoryRouter>,
  );
}

describe('a lazy screen whose code cannot be fetched (issue 19 item 2)', () => {
  beforeAll(async () => {
    await initI18n('en');
  });
  // React reports every error a boundary caught; here they are expected.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
  });

  /** A screen's code behind a network that is down until `network.up` (the browser's flag follows it). */
  function behindNetwork() {
    const network = { up: false };
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.up);
    const load = vi.fn(async () => {
      if (!network.up) throw new TypeError('Failed to fetch dynamically imported module');
      return { Usage };
    });
    return { network, load, Screen: screen(load, (m) => m.Usage) };
  }

  it('says it is not available offline yet, with Try again that fetches the code again', async () => {
    const { network, Screen } = behindNetwork();
    show(Screen);
    expect(await find.findByRole('heading', { level: 1, name: 'Not available offline yet' })).toBeTruthy();
    expect(find.getByText(/Turn on mobile data or Wi-Fi and tap Try again/)).toBeTruthy();
    network.up = true;
    fireEvent.click(find.getByRole('button', { name: 'Try again' }));
    expect(await find.findByText('Usage of Arjun')).toBeTruthy();
  });

  it('does not keep asking: offline one try, on a dead link (the browser says online) two, then the message', async () => {
    const offline = behindNetwork();
    const first = show(offline.Screen);
    await find.findByRole('heading', { level: 1, name: 'Not available offline yet' });
    await new Promise((r) => setTimeout(r, 300));
    expect(offline.load).toHaveBeenCalledTimes(1);
    first.unmount();
    const dead = behindNetwork();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    show(dead.Screen);
    await find.findByRole('heading', { level: 1, name: 'Not available offline yet' });
    await new Promise((r) => setTimeout(r, 300));
    expect(dead.load).toHaveBeenCalledTimes(2);
  });

  it('fetches again by itself when the network comes back', async () => {
    const { network, Screen } = behindNetwork();
    show(Screen);
    await find.findByRole('heading', { level: 1, name: 'Not available offline yet' });
    network.up = true;
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(await find.findByText('Usage of Arjun')).toBeTruthy();
  });

  it('fetches again when the server answers again, with no online event (a data link back without telling)', async () => {
    const { network, Screen } = behindNetwork();
    show(Screen);
    await find.findByRole('heading', { level: 1, name: 'Not available offline yet' });
    network.up = true;
    act(() => networkIsBack());
    expect(await find.findByText('Usage of Arjun')).toBeTruthy();
  });

  it('a screen opened again after a failure asks for its code again instead of failing at once', async () => {
    const { network, load, Screen } = behindNetwork();
    const first = show(Screen);
    await find.findByRole('heading', { level: 1, name: 'Not available offline yet' });
    first.unmount();
    const asked = load.mock.calls.length;
    network.up = true;
    show(Screen);
    expect(await find.findByText('Usage of Arjun')).toBeTruthy();
    expect(load.mock.calls.length).toBeGreaterThan(asked);
  });

  it('a screen that crashes is not called offline: the app boundary shows its error', async () => {
    const Broken = () => {
      throw new Error('bug');
    };
    const Screen = screen(
      async () => ({ Usage: Broken }),
      (m) => m.Usage,
    );
    show(Screen as never);
    expect(await find.findByRole('heading', { level: 1, name: 'Something went wrong' })).toBeTruthy();
    expect(find.queryByText('Not available offline yet')).toBeNull();
  });
});
