import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { BookServicesScreen } from './book-services-screen';
import { clearDraft } from './draft';
import { OPTIONS, fakeApi, json, loadWords, renderAt } from './test-fixtures';

beforeAll(loadWords);
beforeEach(clearDraft);
afterEach(() => {
  vi.unstubAllGlobals();
  clearDraft();
});

describe('book services (spec §2 book-services)', () => {
  it("names the district in the owner's language, not by its English key", async () => {
    // A Tamil owner's answer: the key stays English (dealers are matched by it), the name is theirs.
    fakeApi((path) => (path.startsWith('service-bookings/options') ? json({ ...OPTIONS, district: 'Madurai', districtName: 'மதுரை' }) : json({}, 404)));
    renderAt('/book-services', '/book-services', <BookServicesScreen />);
    expect(await screen.findByText('District: மதுரை')).toBeTruthy();
    expect(screen.queryByText(/Madurai/)).toBeNull();
  });

  it('Next with no service chosen takes the farmer to the service choice, at the top of the long form', async () => {
    fakeApi((path) => (path.startsWith('service-bookings/options') ? json(OPTIONS) : json({}, 404)));
    renderAt('/book-services', '/book-services', <BookServicesScreen />);
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Some details are missing. Please check the form.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getAllByRole('radio', { name: /Periodic service/ })[0]);
    expect(screen.queryByTestId('elsewhere')).toBeNull();
  });
});
