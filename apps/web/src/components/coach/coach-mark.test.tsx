import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakePhoneVoice } from '../voice/fake-phone-voice';
import { fireEvent, render, screen } from '@testing-library/react';
import en from '../../locales/tractor/en.json';
import hi from '../../locales/tractor/hi.json';
import { changeAppLanguage, initI18n } from '../../lib/i18n';
import { SecureStorage, storage } from '../../lib/secure-storage';
import { loadTractorTexts, useTractorTexts } from '../../lib/signed-in/tractor-texts';
import { CoachMark } from './coach-mark';

/** The home coach mark as the home tab shows it, in the app's current language. */
function HomeTips() {
  const { t } = useTractorTexts();
  return <CoachMark flag="hideHomeCoachMark" title={t('coach.home.title')} tips={[t('coach.home.tip1'), t('coach.home.tip2'), t('coach.home.tip3')]} />;
}

const card = (title = en['coach.home.title']) => screen.queryByRole('region', { name: title });

/** A phone that can speak English and Hindi (jsdom has no speech synthesis): what it was asked to say. */
const stubSpeech = () => fakePhoneVoice(['en-IN', 'hi-IN']);

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadTractorTexts('en');
});

beforeEach(() => storage.remove('hideHomeCoachMark'));

afterEach(async () => {
  vi.unstubAllGlobals();
  await changeAppLanguage('en');
});

describe('coach marks (spec §2, §3)', () => {
  it('shows the tips while the flag is absent or false, as a named region with no Listen button where the phone cannot speak', () => {
    render(<HomeTips />);
    const region = card();
    expect(region).not.toBeNull();
    for (const tip of ['coach.home.tip1', 'coach.home.tip2', 'coach.home.tip3'] as const) expect(region?.textContent).toContain(en[tip]);
    expect(screen.getByRole('button', { name: en['coach.gotIt'] })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en['voice.listen'] })).toBeNull();

    storage.set('hideHomeCoachMark', 'false');
    render(<HomeTips />);
    expect(screen.getAllByRole('region', { name: en['coach.home.title'] })).toHaveLength(2);
  });

  it('is not shown when its flag is true (a returning owner, or after "Got it")', () => {
    storage.set('hideHomeCoachMark', 'true');
    render(<HomeTips />);
    expect(card()).toBeNull();
    expect(screen.queryByRole('button', { name: en['coach.gotIt'] })).toBeNull();
  });

  it('"Got it" hides it and stores the flag, so it stays hidden on the next visit and after a restart', async () => {
    const first = render(
      <main tabIndex={-1}>
        <HomeTips />
      </main>,
    );
    const gotIt = screen.getByRole('button', { name: en['coach.gotIt'] });
    gotIt.focus();
    fireEvent.click(gotIt);
    expect(card()).toBeNull();
    // Focus moves on to the screen's content instead of falling back to the page body.
    expect(document.activeElement?.tagName).toBe('MAIN');
    expect(storage.get('hideHomeCoachMark')).toBe('true');
    first.unmount();

    render(<HomeTips />);
    expect(card()).toBeNull();
    // Written to the encrypted store, not only kept in memory.
    await storage.flush();
    const reopened = new SecureStorage();
    await reopened.load();
    expect(reopened.isCoachMarkHidden('hideHomeCoachMark')).toBe(true);
  });

  it('"Listen" reads the heading and the tips aloud in the app\'s language', async () => {
    const speak = stubSpeech();
    await changeAppLanguage('hi');
    await loadTractorTexts('hi');
    render(<HomeTips />);
    fireEvent.click(screen.getByRole('button', { name: hi['voice.listen'] }));
    // In pieces short enough for Chrome's speech (issue 14), each in Hindi, together the whole text.
    const utterances = speak;
    expect(utterances.length).toBeGreaterThan(0);
    // One danda per sentence: the heading gets one, the tips keep theirs, no '।.' (issue 19 item 5).
    const spoken = utterances.map((u) => u.text).join(' ');
    expect(spoken).toBe(`${hi['coach.home.title']}। ${[hi['coach.home.tip1'], hi['coach.home.tip2'], hi['coach.home.tip3']].join(' ')}`);
    expect(spoken).not.toMatch(/[।.]\s*[.।]/);
    for (const u of utterances) expect(u.lang).toBe('hi-IN');
    // While it speaks, the same button stops it.
    expect(screen.getByRole('button', { name: hi['voice.stop'] }).getAttribute('aria-pressed')).toBe('true');
  });
});
