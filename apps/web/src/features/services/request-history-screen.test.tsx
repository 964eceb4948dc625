import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import servicesEn from '../../locales/services/en.json';
import { ServiceRequestHistoryScreen } from './request-history-screen';
import { booking, fakeApi, json, loadWords, renderAt } from './test-fixtures';

beforeAll(loadWords);
afterEach(() => vi.unstubAllGlobals());

describe('service request history (spec §2 servicerequest-history)', () => {
  it('lists every request newest first, each with its status and a link to its status screen', async () => {
    const list = [
      booking({ bookingId: 'bk_bbbbbbbbbbbbbbbbbbbbbbbb', type: 'washing', status: 'confirmed', createdAt: 1_795_100_000 }),
      booking({ status: 'cancelled', cancellable: false }),
    ];
    fakeApi((path) => (path === 'service-bookings' ? json({ data: list }) : json({}, 404)));
    renderAt('/servicerequest-history', '/servicerequest-history', <ServiceRequestHistoryScreen />);
    const items = within(await screen.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link', { name: servicesEn['serviceType.washing'] })
        .getAttribute('href'),
    ).toBe('/booking-status?bookingId=bk_bbbbbbbbbbbbbbbbbbbbbbbb');
    expect(within(items[0] as HTMLElement).getByText(servicesEn['bookingStatus.step.confirmed'])).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(servicesEn['bookingStatus.step.cancelled'])).toBeTruthy();
    expect(within(items[1] as HTMLElement).getByText(/Sheru/)).toBeTruthy();
  });

  it('says so when there is none, and offers to book', async () => {
    fakeApi(() => json({ data: [] }));
    renderAt('/servicerequest-history', '/servicerequest-history', <ServiceRequestHistoryScreen />);
    expect(await screen.findByText(servicesEn['requests.empty'])).toBeTruthy();
    expect(screen.getByRole('link', { name: servicesEn['book.action'] })).toBeTruthy();
  });
});
