import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
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
});
