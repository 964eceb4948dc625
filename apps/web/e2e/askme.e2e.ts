import type { BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TractorHomepageResponse } from '@tractorlink/domain/vehicles-api';
import askmeHi from '../src/locales/askme/hi.json';
import askmeTa from '../src/locales/askme/ta.json';
import tractorHi from '../src/locales/tractor/hi.json';
import tractorTa from '../src/locales/tractor/ta.json';
import { FIELD } from './support/alerts-seed';
import type { SeededTractor } from './support/alerts-seed';
import { baseURL, expectRoute, newPhone, open, useBrowser, switchLanguage } from './support/browser';
import { ownerWithTractor } from './support/flows';
import { OPERATOR_KEY } from './support/seed';
import { api, violations } from './tractor-helpers';

/**
 * Issue 14, Ask me and a voice for every language, in Chromium: a new owner (not the demo one: OTP
 * limits) with a tractor of their own that worked in a field a moment ago, asks in Hindi where it
 * is and hears the answer; Listen in Tamil plays the server's voice (headless Chromium has no voice
 * of its own, and espeak-ng speaks Tamil on the server); the coach mark shows once.
 */

interface AudioLog {
  /** performance.now() of each piece of audio started (AudioBufferSourceNode.start). */
  starts: number[];
  ended: number;
}

/**
 * Records what the page plays: the app plays the server's voice through Web Audio (the CSP's
 * default-src 'self' refuses blob: media for an <audio> element), one AudioBufferSourceNode per piece.
 */
function recordAudio() {
  const log: AudioLog = { starts: [], ended: 0 };
  (window as unknown as { audioLog: AudioLog }).audioLog = log;
  const start = AudioBufferSourceNode.prototype.start;
  AudioBufferSourceNode.prototype.start = function (this: AudioBufferSourceNode, ...args: Parameters<AudioBufferSourceNode['start']>) {
    log.starts.push(performance.now());
    this.addEventListener('ended', () => (log.ended += 1));
    return start.apply(this, args);
  };
}

const audioLog = (page: Page) => page.evaluate(() => (window as unknown as { audioLog: AudioLog }).audioLog);

/** A quarter of an hour of work in the field, up to a minute ago: position, diesel, engine on. */
async function workInTheField(tractor: SeededTractor): Promise<void> {
  const end = Date.now() - 60_000;
  const records = Array.from({ length: 90 }, (_, i) => ({
    deviceId: tractor.imei,
    time: end - (89 - i) * 10_000,
    lat: FIELD.lat + i * 0.00001,
    lon: FIELD.lon,
    speedKmh: 4,
    ignition: true,
    pto: false,
    rpm: 1500,
    coolantC: 85,
    externalVoltage: 13.8,
    fuelLitres: 38 - i * 0.02,
  }));
  const res = await fetch(`${baseURL()}/api/v1/ingest/batch`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
    body: JSON.stringify({ records }),
  });
  if (!res.ok) throw new Error(`ingest answered ${res.status}: ${await res.text()}`);
}

/** The app language, chosen on the language screen (saved to the account, so the place names follow). */

/** Answers of GET tts seen by the page: language, status and content type. */
function ttsAnswers(page: Page): { lang: string | null; text: string | null; status: number; type: string }[] {
  const seen: { lang: string | null; text: string | null; status: number; type: string }[] = [];
  page.on('response', (r: Response) => {
    const url = new URL(r.url());
    if (url.pathname !== '/api/v1/tts') return;
    seen.push({ lang: url.searchParams.get('lang'), text: url.searchParams.get('text'), status: r.status(), type: r.headers()['content-type'] ?? '' });
  });
  return seen;
}

async function coachFlagStored(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const req = indexedDB.open('tractorlink-secure');
        req.onsuccess = () => {
          const get = req.result.transaction('values').objectStore('values').get('hideAskMeCoachMark');
          get.onsuccess = () => resolve(get.result !== undefined);
          get.onerror = () => resolve(false);
        };
        req.onerror = () => resolve(false);
      }),
  );
}

describe('Ask me, and Listen with the server voice (issue 14)', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let tractor: SeededTractor;
  let token: string;
  let tts: ReturnType<typeof ttsAnswers>;

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser()));
    await context.addInitScript(recordAudio);
    tts = ttsAnswers(page);
    ({ token, tractor } = await ownerWithTractor(page, { name: 'Sunita Jadhav', pin: '2468' }, (made) => workInTheField(made.tractor)));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('in Hindi: a typed question and the "where" chip get a Hindi answer with the tractor\'s place, spoken', async () => {
    await switchLanguage(page, 'हिन्दी', 'hi');
    // The place as the server names it for this owner now (in Hindi).
    let place = '';
    await expect
      .poll(async () => {
        place = (await api<TractorHomepageResponse>(baseURL(), token, `tractorhomepage/${tractor.vin}`)).address ?? '';
        return /[\u0900-\u097f]/.test(place);
      })
      .toBe(true);

    await open(page, '/askme');
    await page.getByRole('heading', { level: 1, name: askmeHi['askme.title'] }).waitFor();
    // The coach mark of the screen, for a newcomer.
    await page.getByRole('region', { name: askmeHi['askme.coach.title'] }).waitFor();
    await page.waitForLoadState('networkidle');

    await page.getByRole('textbox', { name: askmeHi['askme.question'] }).fill('मेरा ट्रैक्टर कहाँ है');
    const asked = await page.evaluate(() => performance.now());
    await page.getByRole('button', { name: askmeHi['askme.ask'], exact: true }).click();
    const answer = page.getByTestId('askme-answer').first();
    await expect.poll(() => answer.textContent()).toContain(place);
    const text = (await answer.textContent()) ?? '';
    expect(text).toContain(tractor.name);
    expect(text.startsWith(askmeHi['askme.a.where'].replace('{{name}}', tractor.name).split('{{place}}')[0] as string)).toBe(true);
    // Spoken: the server's voice in Hindi (no voice in headless Chromium), after the question. The time
    // it takes is logged, not asserted (the ≤ 1 s budget is a measure for BENCHMARKS.md: a timed
    // assertion fails on a busy machine, once at 1.56 s with three browser files running).
    await expect.poll(async () => (await audioLog(page)).starts.length).toBeGreaterThan(0);
    const spokenAfterMs = ((await audioLog(page)).starts[0] as number) - asked;
    console.log(`Ask me: question → speech ${Math.round(spokenAfterMs)} ms`);
    expect(spokenAfterMs).toBeGreaterThan(0);
    const hindi = tts.filter((a) => a.lang === 'hi');
    expect(hindi.length).toBeGreaterThan(0);
    expect(hindi[0]).toMatchObject({ status: 200, type: 'audio/wav' });
    expect(text.startsWith(hindi[0]?.text ?? '-')).toBe(true);

    // The quick question asks the same, and its answer comes first.
    const chip = page.getByRole('button', { name: askmeHi['askme.q.where'] });
    expect((await chip.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(48);
    await chip.click();
    await expect.poll(() => page.getByTestId('askme-answer').count()).toBe(2);
    expect(await page.getByTestId('askme-answer').first().textContent()).toContain(place);

    // A question it does not know: it says what it can answer.
    await page.getByRole('textbox', { name: askmeHi['askme.question'] }).fill('नमस्ते');
    await page.getByRole('button', { name: askmeHi['askme.ask'], exact: true }).click();
    await expect.poll(() => page.getByTestId('askme-answer').first().textContent()).toContain(askmeHi['askme.q.weather']);
    // Stop what it says before the next test.
    await page.getByRole('button', { name: tractorHi['voice.stop'] }).first().click();

    expect(await violations(page), 'ask me with its coach mark and answers').toEqual([]);
  });

  it('Listen in Tamil plays the server voice (GET tts lang=ta, audio/wav) and the audio plays to its end', async () => {
    await switchLanguage(page, 'தமிழ்', 'ta');
    await open(page, '/askme');
    // The service worker must control the page (it keeps the voice's audio): a first visit's page is not yet.
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    if (!(await page.evaluate(() => Boolean(navigator.serviceWorker.controller)))) await page.reload();
    const coach = page.getByRole('region', { name: askmeTa['askme.coach.title'] });
    await coach.waitFor();
    const before = await audioLog(page);
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v1/tts' && new URL(r.url()).searchParams.get('lang') === 'ta');
    await coach.getByRole('button', { name: tractorTa['voice.listen'] }).click();
    const res = await answered;
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('audio/wav');
    // It speaks (the button says Stop), and the first piece plays to its end.
    await coach.getByRole('button', { name: tractorTa['voice.stop'] }).waitFor();
    await expect.poll(async () => (await audioLog(page)).starts.length, { timeout: 15_000 }).toBeGreaterThan(before.starts.length);
    await expect.poll(async () => (await audioLog(page)).ended, { timeout: 30_000 }).toBeGreaterThan(before.ended);
    await coach.getByRole('button', { name: tractorTa['voice.stop'] }).click();
    await coach.getByRole('button', { name: tractorTa['voice.listen'] }).waitFor();
    expect(await coach.getByRole('alert').count()).toBe(0);
    // The service worker kept the Tamil audio: heard once, it plays again offline.
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await expect
      .poll(() => page.evaluate(async () => (await (await caches.open('tl-voice-v1')).keys()).filter((r) => r.url.includes('lang=ta')).length))
      .toBeGreaterThan(0);
  });

  it('the Ask me coach mark shows until "Got it", and stays hidden after a reload', async () => {
    await open(page, '/askme');
    const coach = page.getByRole('region', { name: askmeTa['askme.coach.title'] });
    await coach.waitFor();
    await coach.getByRole('button', { name: tractorTa['coach.gotIt'] }).click();
    await coach.waitFor({ state: 'detached' });
    await coachFlagStored(page);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: askmeTa['askme.title'] }).waitFor();
    await page.getByRole('button', { name: askmeTa['askme.q.diesel'] }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: askmeTa['askme.coach.title'] }).count()).toBe(0);
    expect(await violations(page), 'ask me without its coach mark').toEqual([]);
  });

  it('the side menu leads to Ask me', async () => {
    await open(page, '/tabs/home');
    await page.getByRole('button', { name: tractorTa['menu.open'] }).click();
    await page.getByRole('link', { name: askmeTa['askme.title'] }).click();
    await expectRoute(page, '/askme');
  });
});
