import { describe, expect, it } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import en from '../../locales/hire/en.json';
import te from '../../locales/hire/te.json';
import pa from '../../locales/hire/pa.json';
import { changeAppLanguage } from '../i18n';
import { namespaceTexts } from './namespace-texts';
import { englishBeforeAll } from '../../test/words';

englishBeforeAll();

/** The hire words as a namespace of their own, each language fetched on demand (as import.meta.glob gives them). */
const fetched: string[] = [];
const bundle = (lang: string, words: Record<string, string>) => () => {
  fetched.push(lang);
  return Promise.resolve({ default: words });
};
const texts = namespaceTexts('hire-test', { 'x/en.json': bundle('en', en), 'x/te.json': bundle('te', te), 'x/pa.json': bundle('pa', pa) }, 'x/');

function Title() {
  const { t, ready } = texts.useTexts();
  return <h1 data-ready={ready}>{t('hire.title')}</h1>;
}

describe("a screen's own words after a language switch", () => {
  it('are never fetched before a screen of theirs is opened', async () => {
    await changeAppLanguage('te');
    expect(fetched).toEqual([]);
  });

  it('once in use, a switch brings them in before the screen changes language: no raw key in between', async () => {
    // The owner reads Telugu: only the Telugu words were fetched (no English ones to fall back on).
    await texts.load();
    expect(fetched).toEqual(['te']);
    render(<Title />);
    expect(screen.getByRole('heading').textContent).toBe(te['hire.title']);
    const shown: string[] = [];
    const observer = new MutationObserver(() => shown.push(screen.getByRole('heading').textContent ?? ''));
    observer.observe(document.body, { subtree: true, characterData: true, childList: true });
    await act(() => changeAppLanguage('pa'));
    observer.disconnect();
    expect(screen.getByRole('heading').textContent).toBe(pa['hire.title']);
    expect(shown.filter((text) => text !== pa['hire.title'])).toEqual([]);
    expect(en['hire.title']).not.toBe(pa['hire.title']);
  });
});
