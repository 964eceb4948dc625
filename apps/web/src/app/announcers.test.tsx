import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import en from '../locales/en.json';
import { initI18n } from '../lib/i18n';
import tractorEn from '../locales/tractor/en.json';
import { loadTractorTexts } from '../lib/signed-in/tractor-texts';
import { ConnectionAnnouncer } from './connection-announcer';
import { UnreadAnnouncer } from './unread-announcer';

// The badge's data as the server would have it: the selected tractor and its unread count.
const current: { vin: string; count: number | undefined } = { vin: 'VIN-A', count: undefined };
vi.mock('../features/alerts/api/get-unread-count', () => ({ useUnreadCount: () => ({ data: current.count }) }));
vi.mock('../lib/signed-in/tractors', () => ({ useTractors: () => ({ selected: { vin: current.vin } }) }));

beforeAll(async () => {
  await initI18n('en');
  await loadTractorTexts('en');
});

afterEach(() => vi.restoreAllMocks());

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

describe('connection announcer', () => {
  it('is a polite region, silent at start, that says when the network goes and comes back', () => {
    render(<ConnectionAnnouncer />);
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).not.toBe('assertive');
    expect(region.textContent).toBe('');
    setOnline(false);
    expect(region.textContent).toBe(en['offline.message']);
    setOnline(true);
    expect(region.textContent).toBe(en['banner.backOnline']);
  });
});

describe('unread alerts announcer', () => {
  it('says the new count when alerts arrive, and nothing at first, for fewer, or for another tractor', () => {
    current.vin = 'VIN-A';
    current.count = undefined;
    const { rerender } = render(<UnreadAnnouncer />);
    const region = screen.getByRole('status');
    const heard = () => region.textContent;
    current.count = 2;
    rerender(<UnreadAnnouncer />);
    expect(heard()).toBe('');
    current.count = 3;
    rerender(<UnreadAnnouncer />);
    expect(heard()).toBe(`${tractorEn['tabs.alerts']}, ${tractorEn['tabs.unread'].replace('{{count}}', '3')}`);
    current.count = 1;
    rerender(<UnreadAnnouncer />);
    expect(heard()).toBe(`${tractorEn['tabs.alerts']}, ${tractorEn['tabs.unread'].replace('{{count}}', '3')}`);
    current.vin = 'VIN-B';
    current.count = 5;
    rerender(<UnreadAnnouncer />);
    expect(heard()).toBe('');
  });
});
