import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { istDate, istMidnight } from '@tractorlink/domain/time';
import { fakePhoneVoice } from '../../components/voice/fake-phone-voice';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import askmeEn from '../../locales/askme/en.json';
import { resetVoiceForTests } from '../../components/voice/speaker';
import { loadAskMeTexts } from '../../lib/signed-in/askme-texts';
import { loadTractorTexts } from '../../lib/signed-in/tractor-texts';
import type { TractorRef } from '../../lib/signed-in/tractors';
import { renderWithProviders } from '../../test/render';
import { tractorHomepage } from '../../test/tractor';
import { englishBeforeAll } from '../../test/words';
import { AskMeScreen } from './askme-screen';

const SHERU: TractorRef = { vin: 'MBNTL45SLN0000123', regNo: 'MH12AB1234', Veh_Name: 'Sheru' };

// Standing by the road at Shirur, never reported a time: what the answers below are about.
const homepage = tractorHomepage({
  vin: SHERU.vin,
  regNo: SHERU.regNo,
  vehicleStatus: 'stopped',
  lastStatus: 'stopped',
  devicePower: 12.6,
  lastUpdated: null,
  address: 'Shirur, Pune, Maharashtra',
  place: null,
  subscription: { expiresOn: 1_900_000_000, isExpired: false, numberOfDays: 300 },
});

/** The API as Ask me asks it; what was asked is recorded. */
function api() {
  const asked: string[] = [];
  const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      asked.push(url.pathname.replace('/api/v1/', ''));
      if (url.pathname.includes('tractorhomepage/')) return json(homepage);
      if (url.pathname.includes('vehicles/aggregations/')) return json({ hasData: true, allDay: { engineHours: 2, engineMinutes: 5 } });
      if (url.pathname.endsWith('alerts/unread-count')) return json({ vin: SHERU.vin, count: 0 });
      if (url.pathname.endsWith('/alerts')) return json({ data: [], page: 1, pageSize: 1, total: 0, startDateTime: 0, endDateTime: 0 });
      if (url.pathname.includes('weather/hourly/'))
        return json([{ EpochDateTime: Math.floor(Date.now() / 1000), Temperature: { Value: 86, Unit: 'F' }, IconPhrase: 'Sunny', WeatherIcon: 1 }]);
      return new Response('{}', { status: 404 });
    }),
  );
  return asked;
}

/** A phone with an Indian English voice: the texts it speaks, in order. */
const phone = () => fakePhoneVoice(['en-IN']);
const texts = (spoken: { text: string }[]) => spoken.map((u) => u.text);

const renderScreen = (tractors: TractorRef[] = [SHERU]) => renderWithProviders(<AskMeScreen />, { tractors });

const ask = (question: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: askmeEn['askme.question'] }), { target: { value: question } });
  fireEvent.click(screen.getByRole('button', { name: askmeEn['askme.ask'] }));
};

englishBeforeAll(loadTractorTexts, loadAskMeTexts);

beforeEach(() => resetVoiceForTests());

afterEach(() => {
  resetVoiceForTests();
  vi.unstubAllGlobals();
});

describe('Ask me screen', () => {
  it('fetches what answers need as it opens, and offers the eight quick questions', async () => {
    const asked = api();
    phone();
    renderScreen();
    for (const intent of ['where', 'diesel', 'hours', 'running', 'alerts', 'service', 'weather', 'pack'] as const) {
      expect(screen.getByRole('button', { name: askmeEn[`askme.q.${intent}`] })).toBeTruthy();
    }
    await waitFor(() =>
      expect(asked).toEqual(
        expect.arrayContaining([
          `tractorhomepage/${SHERU.vin}`,
          `vehicles/aggregations/${SHERU.vin}`,
          'alerts',
          'alerts/unread-count',
          `weather/hourly/${SHERU.vin}`,
        ]),
      ),
    );
  });

  it('answers a typed question in words and aloud, newest first, and a quick question too', async () => {
    api();
    const spoken = phone();
    renderScreen();
    ask('Where is my tractor now?');
    await waitFor(() => expect(screen.getAllByTestId('askme-answer')[0]?.textContent).toBe('Sheru is at Shirur, Pune, Maharashtra.'));
    await waitFor(() => expect(texts(spoken)).toEqual(['Sheru is at Shirur, Pune, Maharashtra.']));

    fireEvent.click(screen.getByRole('button', { name: askmeEn['askme.q.weather'] }));
    await waitFor(() => expect(screen.getAllByTestId('askme-answer')[0]?.textContent).toBe('Weather near Sheru now: 30 degrees Celsius, Sunny.'));
    expect(screen.getAllByTestId('askme-answer')).toHaveLength(2);
    await waitFor(() => expect(spoken.at(-1)?.text).toBe('Weather near Sheru now: 30 degrees Celsius, Sunny.'));
  });

  it('a question it does not know: it says, and reads out, what it can answer', async () => {
    api();
    const spoken = phone();
    renderScreen();
    ask('What is the price of wheat?');
    await waitFor(() => expect(screen.getByTestId('askme-answer').textContent).toContain(askmeEn['askme.a.unknown']));
    const answer = screen.getByTestId('askme-answer').textContent ?? '';
    expect(answer).toContain(askmeEn['askme.q.service']);
    await waitFor(() => expect(texts(spoken).join(' ')).toBe(answer));
  });

  it('an owner without a tractor is told to add one first', async () => {
    api();
    phone();
    renderScreen([]);
    ask('Where is my tractor?');
    await waitFor(() => expect(screen.getByTestId('askme-answer').textContent).toBe(askmeEn['askme.a.noTractor']));
  });

  it("a tractor whose pack has ended: its data is neither fetched nor said, the owner is told to renew; the days left of a live pack are My tractor's", async () => {
    const asked = api();
    phone();
    const nowS = Math.floor(Date.now() / 1000);
    renderScreen([{ ...SHERU, expiresOn: nowS - 3 * 86_400, subscriptionPack: 'month' }]);
    fireEvent.click(screen.getByRole('button', { name: askmeEn['askme.q.diesel'] }));
    const expired = askmeEn['askme.a.packExpired'].replace('{{name}}', 'Sheru');
    await waitFor(() => expect(screen.getByTestId('askme-answer').textContent).toBe(expired));
    fireEvent.click(screen.getByRole('button', { name: askmeEn['askme.q.weather'] }));
    await waitFor(() => expect(screen.getAllByTestId('askme-answer')[0]?.textContent).toBe(expired));
    expect(asked).toEqual([]);
  });

  it('the days left in a live pack', async () => {
    api();
    phone();
    // Ten IST days from now, at noon IST, whatever the time of day now.
    const tenDays = Math.floor((istMidnight(istDate(Date.now())) + 10 * 86_400_000 + 12 * 3600_000) / 1000);
    renderScreen([{ ...SHERU, expiresOn: tenDays, subscriptionPack: 'year' }]);
    fireEvent.click(screen.getByRole('button', { name: askmeEn['askme.q.pack'] }));
    await waitFor(() =>
      expect(screen.getByTestId('askme-answer').textContent).toMatch(/^The pack of Sheru has 10 days left\. It ends on \d{1,2} \w+ \d{4}\.$/),
    );
  });
});
