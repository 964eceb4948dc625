import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { formatIstDateTime } from '@tractorlink/domain/time';
import { waitingCount } from '../lib/outbox/summary';
import { storage } from '../lib/secure-storage';
import { ERROR_STATUS_KEY, setTractorReach } from '../lib/tractor-reach';
import { OfflineBanner } from './offline-banner';
import { englishBeforeAll } from '../test/words';

const LAST = Date.UTC(2026, 10, 20, 9, 30) / 1000;
const SINCE = Date.UTC(2026, 10, 20, 9, 30) / 1000;
const reach = (over: Partial<Parameters<typeof setTractorReach>[0] & object> = {}) => ({
  name: 'Kisan 475',
  offline: false,
  notTransmitting: false,
  lastUpdated: LAST,
  offlineSince: null,
  ...over,
});

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderBanner() {
  return render(
    <MemoryRouter>
      <OfflineBanner />
    </MemoryRouter>,
  );
}

function openPopover(label: string): string {
  fireEvent.click(screen.getByRole('button', { name: label }));
  return screen.getByRole('status').textContent ?? '';
}

englishBeforeAll();

beforeEach(() => {
  storage.remove(ERROR_STATUS_KEY);
  act(() => setTractorReach(null));
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('spec §2 banners', () => {
  it('shows nothing while the phone is online and the tractor reachable', () => {
    setOnline(true);
    act(() => setTractorReach(reach()));
    renderBanner();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('variant 1: tractor out of reach, with last updated and offline since', () => {
    setOnline(true);
    act(() => setTractorReach(reach({ offline: true, offlineSince: SINCE })));
    renderBanner();
    const text = openPopover('Tractor offline');
    expect(text).toContain('Kisan 475 is out of reach.');
    expect(text).toContain(`Last updated: ${formatIstDateTime(LAST)}`);
    expect(text).toContain(`Offline since: ${formatIstDateTime(SINCE)}`);
    expect(text).not.toContain('No internet');
  });

  it('variant 2: no internet (user offline)', () => {
    setOnline(false);
    act(() => setTractorReach(reach()));
    renderBanner();
    const text = openPopover('User offline');
    expect(text).toContain('No internet connection');
    expect(text).not.toContain('out of reach');
  });

  it('variant 3: both together', () => {
    setOnline(false);
    act(() => setTractorReach(reach({ offline: true, offlineSince: SINCE })));
    renderBanner();
    const text = openPopover('User offline');
    expect(text).toContain('No internet connection');
    expect(text).toContain('Kisan 475 is out of reach.');
  });

  it("variant 4: 'not transmitting since last three months' when the error status is stored", () => {
    setOnline(true);
    act(() => setTractorReach(reach({ offline: true, notTransmitting: true, offlineSince: SINCE })));
    expect(storage.get(ERROR_STATUS_KEY)).toBeTruthy();
    renderBanner();
    const text = openPopover('Tractor offline');
    expect(text).toContain('Tractor is not transmitting since last three months');
    expect(text).not.toContain('out of reach');
  });

  it("shows the separate 'Tractor Offline' banner from the error status stored at navigation start", () => {
    setOnline(true);
    storage.set(ERROR_STATUS_KEY, 'notTransmitting');
    renderBanner();
    expect(screen.getByText('Tractor Offline')).toBeTruthy();
    // Without the flag, no strip.
    storage.remove(ERROR_STATUS_KEY);
    const { container } = renderBanner();
    expect(container.querySelector('[data-testid="tractor-offline-strip"]')).toBeNull();
  });

  it('a reachable tractor clears the stored error status', () => {
    act(() => setTractorReach(reach({ notTransmitting: true, offline: true })));
    expect(storage.get(ERROR_STATUS_KEY)).toBeTruthy();
    act(() => setTractorReach(reach()));
    expect(storage.get(ERROR_STATUS_KEY)).toBeUndefined();
  });
});

describe('changes kept on the phone (issue 19 item 1)', () => {
  afterEach(() => waitingCount.set(0));

  it('offline, the banner button counts them and the popover says they wait to be sent', () => {
    setOnline(false);
    act(() => waitingCount.set(2));
    renderBanner();
    const button = screen.getByRole('button', { name: 'User offline, Changes saved on this phone, waiting to send: 2' });
    expect(button.querySelector('[data-testid="outbox-count"]')?.textContent).toBe('2');
    fireEvent.click(button);
    expect(screen.getByRole('status').textContent).toContain('Changes saved on this phone, waiting to send: 2');
  });

  it('the count follows the outbox while shown, and nothing is counted when none wait', () => {
    setOnline(false);
    renderBanner();
    expect(screen.getByRole('button', { name: 'User offline' })).toBeTruthy();
    act(() => waitingCount.set(1));
    expect(screen.getByTestId('outbox-count').textContent).toBe('1');
  });

  it('online (they are being sent), no banner shows for them', () => {
    setOnline(true);
    act(() => setTractorReach(reach()));
    act(() => waitingCount.set(3));
    renderBanner();
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('not transmitting by the newest reading', () => {
  it('a newest reading older than three months counts as not transmitting, whatever the flag says', async () => {
    const { isNotTransmitting } = await import('../lib/tractor-reach');
    const now = Date.UTC(2026, 10, 22);
    const day = 86_400;
    expect(isNotTransmitting({ notTransmitting: false, lastUpdated: now / 1000 - 100 * day }, now)).toBe(true);
    expect(isNotTransmitting({ notTransmitting: false, lastUpdated: now / 1000 - 80 * day }, now)).toBe(false);
    expect(isNotTransmitting({ notTransmitting: true, lastUpdated: now / 1000 }, now)).toBe(true);
    expect(isNotTransmitting({ notTransmitting: false, lastUpdated: null }, now)).toBe(false);
  });
});
