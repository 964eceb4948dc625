import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { RenewalDialog } from './renewal-dialog';

const DAY_S = 86_400;
const now = () => Math.floor(Date.now() / 1000);
const tractor = (expiresOn: number, pack: TractorRef['subscriptionPack'] = 'year'): TractorRef => ({
  vin: 'MBNTL57DEM0000002',
  regNo: 'MH15EX5702',
  Veh_Name: 'Kisan 575',
  expiresOn,
  subscriptionPack: pack,
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(t: TractorRef) {
  return render(
    <MemoryRouter initialEntries={['/tabs/home']}>
      <Routes>
        <Route
          path="*"
          element={
            <>
              <RenewalDialog tractor={t} />
              <Where />
            </>
          }
        />
      </Routes>
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadTractorTexts('en');
});

beforeEach(() => storage.remove('setmaprenewal'));

describe('the renewal dialog (spec §2, issue 13 item 6)', () => {
  it('shows for a pack ending within 7 days, with Cancel and Renew; Renew goes to /custom-vehicle for that tractor', () => {
    renderAt(tractor(now() + 3 * DAY_S + 60));
    expect(screen.getByRole('dialog', { name: 'Renew your pack' }).textContent).toMatch(/Kisan 575 ends in 3 days/);
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Renew' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByTestId('where').textContent).toBe('/custom-vehicle?vin=MBNTL57DEM0000002');
  });

  it('shows for an ended pack, and at most once a day per tractor', () => {
    const first = renderAt(tractor(now() - 5 * DAY_S));
    expect(screen.getByRole('dialog').textContent).toMatch(/ended on/);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    first.unmount();
    renderAt(tractor(now() - 5 * DAY_S));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('does not show for a pack with more than 7 days left, free or paid', () => {
    renderAt(tractor(now() + 20 * DAY_S, 'free'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
