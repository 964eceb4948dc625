import { afterEach, describe, expect, it } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router';
import tractorEn from '../locales/tractor/en.json';
import { storage } from '../lib/secure-storage';
import { resetSessionForTests } from '../lib/session';
import { loadTractorTexts } from '../lib/signed-in/tractor-texts';
import { LanguageScreen } from '../features/language/language-screen';
import { SettingsScreen } from '../features/settings/settings-screen';
import { englishBeforeAll } from '../test/words';

englishBeforeAll(loadTractorTexts);

afterEach(() => {
  storage.remove('path');
  resetSessionForTests();
});

describe('settings → change language → back', () => {
  it('returns to settings, whatever route the terms or the menu recorded before', async () => {
    // Read the terms from About earlier: the terms dialog recorded '/about' as the return path.
    storage.set('path', '/about');
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/settings']}>
          <Routes>
            <Route path="/settings" element={<SettingsScreen />} />
            <Route path="/language" element={<LanguageScreen />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>,
    );
    fireEvent.click(screen.getByRole('link', { name: tractorEn['menu.language'] }));
    await screen.findByRole('radio', { name: 'English' });
    expect(screen.getByRole('link', { name: 'Back' }).getAttribute('href')).toBe('/settings');
  });
});
