import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import askmeEn from '../../locales/askme/en.json';
import { fakePhoneVoice } from '../../components/voice/fake-phone-voice';
import { resetVoiceForTests } from '../../components/voice/speaker';
import { loadAskMeTexts } from '../../lib/signed-in/askme-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { renderWithProviders } from '../../test/render';
import { englishBeforeAll } from '../../test/words';
import { AskMeScreen } from './askme-screen';
import { failingRecognition } from './fake-recognition';

const SHERU: TractorRef = { vin: 'MBNTL45SLN0000123', regNo: 'MH12AB1234', Veh_Name: 'Sheru' };

englishBeforeAll(loadTractorTexts, loadAskMeTexts);

describe('asking by voice when the recognition fails', () => {
  beforeEach(() => {
    resetVoiceForTests();
    fakePhoneVoice(['en-IN']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{}', { status: 404 })),
    );
  });
  afterEach(() => {
    resetVoiceForTests();
    vi.unstubAllGlobals();
    const w = window as unknown as Record<string, unknown>;
    delete w.SpeechRecognition;
    delete w.webkitSpeechRecognition;
  });

  it.each([
    // Chrome hears on its servers: on a weak signal it fails with 'network'. Trying again needs the internet.
    ['network', askmeEn['askme.micOffline']],
    // The phone has no recognition for the language: "try again" would fail for ever.
    ['language-not-supported', askmeEn['askme.micLanguage']],
    ['not-allowed', askmeEn['askme.micDenied']],
    ['no-speech', askmeEn['askme.micError']],
  ])('%s: says what happened and what to do instead', async (error, said) => {
    failingRecognition(error);
    renderWithProviders(<AskMeScreen />, { tractors: [SHERU] });
    fireEvent.click(await screen.findByRole('button', { name: askmeEn['askme.speak'] }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(said));
  });
});
