import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import servicesEn from '../../locales/services/en.json';
import { ServiceInformationScreen } from './service-information-screen';
import { SHERU, fakeApi, json, loadWords, renderAt } from './test-fixtures';

const reminders = {
  vin: SHERU.vin,
  engineHours: 1234.5,
  serviceIntervalH: 250,
  lastServiceAtHours: 1000,
  nextServiceAtHours: 1250,
  hoursLeft: 15.5,
  status: 'due_soon',
  preReminders: [],
  currentPreReminder: null,
  history: [{ doneOn: '2026-08-01', engineHours: 1000, note: null, recordedBy: 'operator' }],
  hasData: true,
  nextServiceDate: '2027-02-01',
  expectedOn: '2026-12-03',
};

beforeAll(loadWords);
afterEach(() => vi.unstubAllGlobals());

function api(body: unknown, left = 2) {
  return fakeApi((path) => {
    if (path.startsWith('servicereminders/')) return json(body);
    if (path.startsWith('service-bookings/free-services')) return json({ vin: SHERU.vin, allowance: 3, used: 3 - left, left });
    return json({}, 404);
  });
}

describe('service information (spec §2 service-information)', () => {
  it('shows the next service by hours and by date, the services done and the free ones left', async () => {
    api(reminders);
    renderAt(`/service-information?vin=${SHERU.vin}`, '/service-information', <ServiceInformationScreen />);
    await screen.findByText('Service due soon: 16 h left');
    expect(screen.getByText('1 February 2027')).toBeTruthy();
    // The hour meter to a tenth, as home and engine usage show it (not 1,234.5 here and 1,235 there).
    expect(screen.getByText('1,234.5 h')).toBeTruthy();
    expect(screen.getByText('1,250 h')).toBeTruthy();
    expect(screen.getByText('The way it is used now, the service will be due around 3 December 2026')).toBeTruthy();
    expect(await screen.findByText('2 of 3 left')).toBeTruthy();
    expect(screen.getByText(/1 August 2026/)).toBeTruthy();
    expect(screen.getByRole('link', { name: servicesEn['book.action'] }).getAttribute('href')).toBe(`/book-services?vin=${SHERU.vin}`);
  });

  it("says 'service due information not available' for a tractor with no data, and when no free service is left", async () => {
    api({ ...reminders, hasData: false, history: [] }, 0);
    renderAt('/service-information', '/service-information', <ServiceInformationScreen />);
    expect((await screen.findByText(servicesEn['serviceInfo.notAvailable'])).getAttribute('role')).toBe('status');
    expect(screen.queryByText(servicesEn['serviceInfo.byHours'])).toBeNull();
    expect(await screen.findByText(servicesEn['book.noFreeLeft'])).toBeTruthy();
  });
});
