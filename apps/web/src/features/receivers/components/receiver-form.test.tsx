import { beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { initI18n } from '../../../lib/i18n';
import { storage } from '../../../lib/secure-storage';
import { loadAlertTexts } from '../../../lib/signed-in/alert-texts';
import { renderWithProviders } from '../../../test/render';
import { ReceiverForm } from './receiver-form';

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadAlertTexts('en');
});

describe('the alert receiver form', () => {
  it('a Save refused for a missing name and number takes focus to the name, the first thing to fix', async () => {
    const onDone = vi.fn();
    renderWithProviders(<ReceiverForm onDone={onDone} onCancel={() => {}} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await vi.waitFor(() => expect(document.activeElement).toBe(name));
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(onDone).not.toHaveBeenCalled();
  });
});
