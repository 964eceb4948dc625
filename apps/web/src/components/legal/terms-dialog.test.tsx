import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { initI18n } from '../../lib/i18n';
import { storage } from '../../lib/secure-storage';
import { TermsDialog, showsAgreeLine } from './terms-dialog';

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
});

describe("terms modal: 'I agree.' (spec §2)", () => {
  it('is hidden only when the previous route is /about', () => {
    expect(showsAgreeLine('/about')).toBe(false);
    expect(showsAgreeLine('/create-new-profile')).toBe(true);
    expect(showsAgreeLine(null)).toBe(true);
  });

  it('shows the title, the legal text and the closing line when opened from registration', async () => {
    render(<TermsDialog open onClose={() => undefined} previousRoute="/create-new-profile" />);
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(dialog).findByText('I agree.')).toBeTruthy();
    expect(within(dialog).getByText(/seat of arbitration is Mumbai/)).toBeTruthy();
    expect(within(dialog).getByText(/18 years or older/)).toBeTruthy();
    // It records the route it was opened from.
    expect(storage.get('path')).toBe('/create-new-profile');
  });

  it("leaves out 'I agree.' when opened from About", async () => {
    render(<TermsDialog open onClose={() => undefined} previousRoute="/about" />);
    const dialog = screen.getByRole('dialog', { name: 'Terms and Conditions' });
    expect(await within(dialog).findByText(/Indian Rupees/)).toBeTruthy();
    expect(within(dialog).queryByText('I agree.')).toBeNull();
    expect(storage.get('path')).toBe('/about');
  });

  it('closes with its back control', () => {
    const onClose = vi.fn();
    render(<TermsDialog open onClose={onClose} previousRoute="/about" />);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
