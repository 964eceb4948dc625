import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import en from '../../locales/tractor/en.json';
import hi from '../../locales/tractor/hi.json';
import mr from '../../locales/tractor/mr.json';
import { changeAppLanguage, i18next } from '../i18n';
import { englishBeforeAll } from '../../test/words';

englishBeforeAll();

describe('the signed-in words (namespace tractor)', () => {
  it('are not there before sign-in; once fetched, a plain t() finds them', async () => {
    expect(i18next.t('tabs.home')).toBe('tabs.home');
    const { loadTractorTexts } = await import('./tractor-texts');
    await loadTractorTexts();
    expect(i18next.t('tabs.home')).toBe(en['tabs.home']);
    // The main catalogue still answers first.
    expect(i18next.t('common.loading')).toBe('Loading…');
  });

  it('a language switch brings them in before the screen changes language', async () => {
    let shownOnSwitch = '';
    const onChange = () => {
      shownOnSwitch = i18next.t('tabs.home');
    };
    i18next.on('languageChanged', onChange);
    await changeAppLanguage('hi');
    i18next.off('languageChanged', onChange);
    expect(shownOnSwitch).toBe(hi['tabs.home']);
  });

  it('a switch that did not wait for them (begun before they were first fetched) fetches them after, and the screen re-renders', async () => {
    function Tab() {
      const { t } = useTranslation();
      return <p>{t('tabs.home')}</p>;
    }
    render(<Tab />);
    expect(screen.getByText(hi['tabs.home'])).toBeTruthy();
    await act(() => i18next.changeLanguage('mr'));
    expect(await screen.findByText(mr['tabs.home'])).toBeTruthy();
  });
});
