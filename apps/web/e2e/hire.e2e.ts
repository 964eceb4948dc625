import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CustomerLedger, JobDetail, JobSummary, Payment } from '@tractorlink/domain/hire-api';
import { istDate } from '@tractorlink/domain/time';
import en from '../src/locales/en.json';
import hireEn from '../src/locales/hire/en.json';
import hireMr from '../src/locales/hire/mr.json';
import mr from '../src/locales/mr.json';
import publicEn from '../src/locales/public/en.json';
import publicHi from '../src/locales/public/hi.json';
import publicMr from '../src/locales/public/mr.json';
import { FIELD, call, claimTractor, ingest, provisionTractor } from './support/alerts-seed';
import type { BatchRecord, SeededTractor } from './support/alerts-seed';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, switchLanguage, useBrowser } from './support/browser';
import { registerThroughScreens } from './support/flows';
import { uniqueMobile } from './support/sms';
import { sessionToken, violations } from './tractor-helpers';

/**
 * Issue 17 in Chromium at 360 × 740, in English and in Marathi: a new owner's tractor has worked a
 * field (its track ingested as a device sends it); the owner adds a customer, starts the job (it began
 * earlier today), stops it and sees its acres, records a payment, and shares the bill; the shared page
 * opens in a fresh browser (no login) in the customer's language, shows nothing of the owner's and
 * stops working once revoked. A live-location link is shared and revoked the same way. Offline, a job
 * and a payment are kept through a reload and reach the server exactly once when the signal returns.
 * axe finds nothing on the hire screens and the two shared pages.
 */

const OWNER = { name: 'Anita Shinde', pin: '4826' };

/**
 * A rotavator's passes over a field: 60 m rows 1.8 m apart, back and forth at 6 km/h with the PTO on,
 * a fix every 5 s, from `fromMs` to `toMs` (the way a device reports a working tractor).
 */
function fieldWork(imei: string, origin: { lat: number; lon: number }, fromMs: number, toMs: number): BatchRecord[] {
  const mPerDegLat = 111_320;
  const mPerDegLon = 111_320 * Math.cos((origin.lat * Math.PI) / 180);
  const stepM = (6 / 3.6) * 5;
  const rowM = 60;
  const records: BatchRecord[] = [];
  let along = 0;
  let row = 0;
  for (let t = fromMs; t <= toMs; t += 5_000) {
    const north = row % 2 === 0 ? along : rowM - along;
    records.push({
      deviceId: imei,
      time: t,
      lat: origin.lat + north / mPerDegLat,
      lon: origin.lon + (row * 1.8) / mPerDegLon,
      speedKmh: 6,
      ignition: true,
      pto: true,
      rpm: 1800,
      coolantC: 85,
      externalVoltage: 13.8,
    });
    along += stepM;
    if (along > rowM) {
      along = 0;
      row += 1;
    }
  }
  return records;
}

/** 'HH:MM' of a moment in India (what a time input takes). */
function istClock(ms: number): string {
  const d = new Date(ms + 5.5 * 3600_000);
  return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}

/** A language's words (the main catalogue's and the hire screens'), for the controls' names. */
type Words = typeof hireEn & { 'common.save': string };

/** ₹ as the pages show it: Indian grouping, paise only when there are some. */
const rupees = (paise: number) =>
  new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR', minimumFractionDigits: paise % 100 ? 2 : 0, maximumFractionDigits: 2 }).format(
    paise / 100,
  );

/** A fresh browser with no session: the customer who got the link. */
async function customerPhone(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: NARROW_PHONE,
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'en-IN',
    timezoneId: 'Asia/Kolkata',
  });
  return { context, page: await context.newPage() };
}

describe('the hire ledger (issue 17)', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let mobile: string;
  let token: string;
  const tractors: SeededTractor[] = [];
  /** When each tractor's field work (fieldWork) began and ended, by VIN. */
  const worked = new Map<string, { from: number; to: number }>();
  const owner = <T>(path: string) => call<T>(baseURL(), path, { token });

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL() });
    mobile = uniqueMobile();
    await registerThroughScreens(page, mobile, OWNER.pin, OWNER.name);
    token = await sessionToken(page);
    // Two tractors, each having worked a field of its own in the last twenty minutes (never before
    // today's midnight in India: a job is one day's work). In an Indian day's first minutes that is
    // less: two minutes at least, waited for (it was none in the first 40 seconds, a few rows after).
    const from = Math.max(Date.now() - 20 * 60_000, Date.parse(`${istDate(Date.now())}T00:00:00+05:30`) + 30_000);
    await vi.waitFor(
      () => {
        if (Date.now() - 10_000 - from < 2 * 60_000) throw new Error('under two minutes of field work today yet');
      },
      { timeout: 180_000, interval: 1000 },
    );
    const to = Date.now() - 10_000;
    for (const [i, origin] of [FIELD, { lat: FIELD.lat + 0.01, lon: FIELD.lon + 0.01 }].entries()) {
      const tractor = await provisionTractor(baseURL(), mobile, OWNER.name);
      await claimTractor(baseURL(), token, tractor);
      await ingest(baseURL(), fieldWork(tractor.imei, origin, from + i * 1000, to));
      worked.set(tractor.vin, { from: from + i * 1000, to });
      tractors.push(tractor);
    }
    await page.reload();
    await page.locator('#tractor-name').waitFor();
  }, 300_000);

  afterAll(async () => {
    await context?.close();
  });

  /** Waits until the screen's hire words are in (the namespace loads with the first hire screen). */
  const heading = (name: string) => page.getByRole('heading', { name, exact: true, level: 1 }).waitFor();

  /**
   * The acceptance flow in one language: a customer, a job started earlier today on `tractor` and
   * stopped, its acres, a payment, the bill shared and opened by the customer in a fresh browser.
   */
  async function ledgerFlow(w: Words, tractor: SeededTractor, customer: { name: string; language: string; village: string }, bill: typeof publicEn) {
    await open(page, '/hire');
    await heading(w['hire.title']);
    expect(await violations(page), '/hire').toEqual([]);

    // A new customer, with the language of their bill.
    await page.getByRole('link', { name: w['hire.customer.new'] }).first().click();
    await expectRoute(page, '/hire-customer-form');
    await page.getByRole('textbox', { name: w['hire.customer.name'] }).fill(customer.name);
    await page.getByRole('textbox', { name: w['hire.customer.village'] }).fill(customer.village);
    await page.getByRole('combobox', { name: w['hire.customer.languageLabel'] }).selectOption(customer.language);
    expect(await violations(page), '/hire-customer-form').toEqual([]);
    await page.getByRole('button', { name: w['common.save'], exact: true }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/hire-customer/'));
    const customerId = page.url().split('/hire-customer/')[1] ?? '';
    await heading(customer.name);

    // The job: this tractor, a rotavator at ₹1,200 an acre, started when the tractor started working.
    await page.getByRole('link', { name: w['hire.job.start'] }).click();
    await expectRoute(page, `/hire-job-form?customerId=${customerId}`);
    await page.getByRole('combobox', { name: w['hire.form.tractor'] }).selectOption(tractor.vin);
    await page.getByRole('textbox', { name: w['hire.form.rate.acre'] }).fill('1200');
    await page.getByRole('radio', { name: w['hire.form.when.earlier'] }).check();
    // 21 minutes ago, but not before today's midnight in India: "earlier today" cannot be yesterday
    // (in the first 21 minutes of an Indian day this test used to fill 23:5x and be refused). So in
    // those minutes the job is shorter: at least two of them (waited for), and fewer acres expected.
    const now = Date.now();
    const startAt = Math.max(now - 21 * 60_000, Date.parse(`${istDate(now)}T00:00:00+05:30`));
    await expect.poll(() => Date.now() - startAt, { timeout: 150_000 }).toBeGreaterThanOrEqual(2 * 60_000);
    await page.getByLabel(w['hire.form.start']).fill(istClock(startAt));
    expect(await violations(page), '/hire-job-form').toEqual([]);
    await page.getByRole('button', { name: w['hire.form.startNow'] }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/hire-job/'));
    const jobId = page.url().split('/hire-job/')[1] ?? '';
    await page.getByText(w['hire.job.running'], { exact: true }).first().waitFor();

    // Stopped: the acres its track covered (overlaps once), on the screen and on the server alike.
    await page.getByRole('button', { name: w['hire.job.stop'] }).click();
    await page.getByText(w['hire.job.stopped']).waitFor();
    const stopped = await owner<JobDetail>(`hire/jobs/${jobId}`);
    expect(stopped.running).toBe(false);
    // Over 0.3 acres in 21 minutes of the simulated ploughing; in proportion for less of it in the job
    // (the work ingested was shorter in an Indian day's first minutes, or began before the job).
    const work = worked.get(tractor.vin) ?? { from: startAt, to: Date.now() };
    expect(stopped.coveredAcres).toBeGreaterThan(0.3 * Math.min(1, (work.to - Math.max(work.from, startAt)) / (21 * 60_000)));
    expect(stopped.amountPaise).toBe(Math.round(120_000 * stopped.quantity));
    await expect.poll(() => page.getByTestId('covered-acres').textContent()).toContain(String(stopped.coveredAcres));
    await page.locator('.leaflet-container').waitFor();
    expect(await violations(page), '/hire-job').toEqual([]);

    // A payment of ₹500 in cash, for this job.
    await page.getByRole('link', { name: w['hire.payment.record'] }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/hire-payment'));
    await page.getByRole('textbox', { name: w['hire.payment.amount'] }).fill('500');
    expect(await violations(page), '/hire-payment').toEqual([]);
    await page.getByRole('button', { name: w['hire.payment.save'] }).click();
    await expectRoute(page, `/hire-customer/${customerId}`);
    await page.locator('.hire-payment').filter({ hasText: '₹500' }).waitFor();
    const ledger = await owner<CustomerLedger>(`hire/customers/${customerId}`);
    expect(ledger.payments.map((p) => [p.amountPaise, p.jobId])).toEqual([[50_000, jobId]]);
    expect(ledger.totals.balancePaise).toBe(stopped.amountPaise - 50_000);
    expect(await violations(page), '/hire-customer').toEqual([]);

    // The bill, shared: its message is in the customer's language, by WhatsApp or SMS.
    await page.getByRole('button', { name: w['hire.bill.makeLink'] }).click();
    const url = (await page.locator('.hire-link').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/bill\.html#[A-Za-z0-9_-]{43}$/);
    const whatsapp = decodeURIComponent((await page.getByRole('link', { name: w['hire.share.whatsapp'] }).getAttribute('href')) ?? '');
    expect(whatsapp).toContain(url);
    expect(whatsapp).toContain(bill['pub.share.bill'].split(',')[1]?.split(':')[0]?.trim() ?? '');
    expect(decodeURIComponent((await page.getByRole('link', { name: w['hire.share.sms'] }).getAttribute('href')) ?? '')).toContain(url);

    // The customer opens it in a browser of their own: no login, their language, the drawing, the figures.
    const them = await customerPhone(browser());
    try {
      await them.page.goto(url);
      await them.page.getByRole('heading', { name: bill['pub.bill.title'], level: 1 }).waitFor();
      await them.page.getByRole('img', { name: bill['pub.bill.mapLabel'] }).waitFor();
      const text = (await them.page.locator('main').textContent()) ?? '';
      expect(text).toContain(customer.name);
      expect(text).toContain(rupees(ledger.totals.balancePaise));
      expect(text).toContain(String(stopped.coveredAcres));
      // Nothing of the owner's: not their name, number, tractor or VIN.
      for (const secret of [OWNER.name, mobile, tractor.vin, tractor.regNo]) expect(text).not.toContain(secret);
      expect(await them.page.evaluate(() => document.documentElement.lang)).toBe(customer.language);
      expect(await them.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW_PHONE.width);
      expect(await violations(them.page), 'bill.html').toEqual([]);

      // Revoked on the owner's phone: the link stops working at once.
      await page.locator('.hire-links li[data-state="active"] button').click();
      await page.locator('.hire-links li[data-state="revoked"]').waitFor();
      await them.page.reload();
      await them.page.getByText(publicEn['pub.notFound']).waitFor();
    } finally {
      await them.context.close();
    }
    return { customerId, jobId };
  }

  it('English: a job started and stopped, its acres, a payment, the bill shared (in Marathi) and opened without login', { timeout: 270_000 }, async () => {
    const tractor = tractors[0] as SeededTractor;
    const { jobId } = await ledgerFlow(
      { ...hireEn, 'common.save': en['common.save'] },
      tractor,
      { name: 'Dnyaneshwar Kadam', language: 'mr', village: 'Shirsgaon' },
      publicMr,
    );

    // The field drawn around the worked ground with the geofence drawing tool: its acres beside the covered ones.
    await open(page, `/hire-job/${jobId}`);
    await page.getByRole('button', { name: hireEn['hire.boundary.draw'] }).click();
    const map = page.locator('.draw-map .map');
    await map.scrollIntoViewIfNeeded();
    await page.locator('.draw-map .leaflet-container').waitFor();
    const box = await map.boundingBox();
    if (!box) throw new Error('no drawing map');
    // Corners around the middle, clear of the zoom buttons at the top left.
    for (const [dx, dy] of [
      [-90, -80],
      [90, -80],
      [90, 80],
      [-90, 80],
    ] as const) {
      await page.mouse.click(box.x + box.width / 2 + dx, box.y + box.height / 2 + dy);
    }
    await page.getByRole('button', { name: 'Finish' }).click();
    await page.getByRole('button', { name: hireEn['hire.boundary.save'] }).click();
    await page.getByText(hireEn['hire.boundary.saved']).waitFor();
    const drawn = await owner<JobDetail>(`hire/jobs/${jobId}`);
    expect(drawn.boundary).toHaveLength(4);
    expect(drawn.fieldAcres).toBeGreaterThan(drawn.coveredAcres);
    await expect.poll(() => page.getByTestId('field-acres').textContent()).toContain(String(drawn.fieldAcres));
    expect(await violations(page), '/hire-job with its field').toEqual([]);
  });

  it('Marathi: the same flow, the bill shared in English', { timeout: 270_000 }, async () => {
    await switchLanguage(page, 'मराठी', 'mr');
    const tractor = tractors[1] as SeededTractor;
    await ledgerFlow({ ...hireMr, 'common.save': mr['common.save'] }, tractor, { name: 'Sunil More', language: 'en', village: 'Pimpalgaon' }, publicEn);
    await switchLanguage(page, 'English', 'en');
  });

  it('a live-location link shows the tractor to anyone who has it, until it is revoked', { timeout: 60_000 }, async () => {
    const tractor = tractors[0] as SeededTractor;
    await open(page, '/hire');
    await heading(hireEn['hire.title']);
    await page.getByRole('button', { name: hireEn['hire.live.open'] }).click();
    const dialog = page.getByRole('dialog', { name: hireEn['hire.live.title'] });
    await dialog.getByRole('combobox', { name: hireEn['hire.form.tractor'] }).selectOption(tractor.vin);
    await dialog.getByRole('radio', { name: hireEn['hire.live.duration.1d'] }).check();
    await dialog.getByRole('checkbox', { name: hireEn['hire.live.includeTrack'] }).check();
    await dialog.getByRole('combobox', { name: hireEn['hire.live.language'] }).selectOption('hi');
    expect(await violations(page), 'live dialog').toEqual([]);
    await dialog.getByRole('button', { name: hireEn['hire.live.makeLink'] }).click();
    const url = (await dialog.locator('.hire-link').textContent())?.trim() ?? '';
    expect(url).toMatch(/\/live\.html#[A-Za-z0-9_-]{43}$/);
    const them = await customerPhone(browser());
    try {
      await them.page.goto(url);
      await them.page.getByRole('heading', { name: publicHi['pub.live.title'].replace('{{regNo}}', tractor.regNo), level: 1 }).waitFor();
      await them.page.getByRole('img', { name: publicHi['pub.live.mapLabel'] }).waitFor();
      expect(await them.page.locator('.outline-track').count()).toBe(1);
      const directions = await them.page.getByRole('link', { name: publicHi['pub.live.directions'] }).getAttribute('href');
      expect(directions).toMatch(/^https:\/\/www\.google\.com\/maps\/dir\/\?api=1&destination=18\.8/);
      expect(await violations(them.page), 'live.html').toEqual([]);
      await dialog.locator('.hire-links li[data-state="active"] button').click();
      await dialog.locator('.hire-links li[data-state="revoked"]').waitFor();
      await them.page.reload();
      await them.page.getByText(publicEn['pub.notFound']).waitFor();
    } finally {
      await them.context.close();
    }
    await page.keyboard.press('Escape');
  });

  it('offline: a job and a payment are kept through a reload and reach the server exactly once', { timeout: 120_000 }, async () => {
    const tractor = tractors[0] as SeededTractor;
    const customers = await owner<{ data: { id: string; name: string }[] }>('hire/customers');
    const customer = customers.data.find((c) => c.name === 'Dnyaneshwar Kadam');
    if (!customer) throw new Error('the English flow made the customer');
    const jobsBefore = (await owner<{ data: JobSummary[] }>(`hire/jobs?customerId=${customer.id}`)).data;
    const paymentsBefore = (await owner<{ data: Payment[] }>(`hire/payments?customerId=${customer.id}`)).data;
    // Online once, so the service worker keeps each screen's code and the app keeps their data.
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await open(page, `/hire-customer/${customer.id}`);
    await heading(customer.name);
    await open(page, `/hire-job-form?customerId=${customer.id}`);
    await page.getByRole('combobox', { name: hireEn['hire.form.tractor'] }).waitFor();
    await open(page, `/hire-payment?customerId=${customer.id}`);
    await page.getByRole('textbox', { name: hireEn['hire.payment.amount'] }).waitFor();
    await open(page, `/hire-job/${jobsBefore[0]?.id ?? ''}`);
    await page.getByTestId('covered-acres').waitFor();

    await context.setOffline(true);
    await open(page, `/hire-job-form?customerId=${customer.id}`);
    await page.getByRole('combobox', { name: hireEn['hire.form.tractor'] }).selectOption(tractor.vin);
    await page.getByRole('textbox', { name: hireEn['hire.form.rate.acre'] }).fill('1100');
    await page.getByRole('button', { name: hireEn['hire.form.startNow'] }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/hire-job/'));
    const jobId = page.url().split('/hire-job/')[1] ?? '';
    await page.getByText(hireEn['hire.job.notMeasured']).waitFor();
    await page.locator('.outbox-waiting').first().waitFor();

    await page.getByRole('link', { name: hireEn['hire.payment.record'] }).click();
    await page.getByRole('textbox', { name: hireEn['hire.payment.amount'] }).fill('750');
    await page.getByRole('radio', { name: hireEn['hire.method.upi'] }).check();
    await page.getByRole('button', { name: hireEn['hire.payment.save'] }).click();
    await expectRoute(page, `/hire-customer/${customer.id}`);
    const waitingPayment = page.locator('.hire-payment').filter({ hasText: '₹750' });
    await waitingPayment.locator('.outbox-waiting').waitFor();

    // A reload, still offline: both are there, waiting; nothing reached the server.
    await page.reload();
    await heading(customer.name);
    await page.locator('.hire-payment').filter({ hasText: '₹750' }).locator('.outbox-waiting').waitFor();
    await page.locator(`[data-job="${jobId}"] .outbox-waiting`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(NARROW_PHONE.width);
    expect((await owner<{ data: JobSummary[] }>(`hire/jobs?customerId=${customer.id}`)).data).toHaveLength(jobsBefore.length);

    // Back online: exactly one of each, with the ids the phone made, and nothing left waiting.
    await context.setOffline(false);
    await expect
      .poll(async () => (await owner<{ data: JobSummary[] }>(`hire/jobs?customerId=${customer.id}`)).data.length, { timeout: 30_000 })
      .toBe(jobsBefore.length + 1);
    await expect
      .poll(async () => (await owner<{ data: Payment[] }>(`hire/payments?customerId=${customer.id}`)).data.length, { timeout: 30_000 })
      .toBe(paymentsBefore.length + 1);
    const jobs = (await owner<{ data: JobSummary[] }>(`hire/jobs?customerId=${customer.id}`)).data;
    expect(jobs.filter((j) => j.id === jobId)).toHaveLength(1);
    expect(jobs.find((j) => j.id === jobId)).toMatchObject({ vin: tractor.vin, ratePaise: 110_000, running: true });
    const payments = (await owner<{ data: Payment[] }>(`hire/payments?customerId=${customer.id}`)).data;
    expect(payments.filter((p) => p.amountPaise === 75_000)).toEqual([expect.objectContaining({ method: 'upi', jobId })]);
    await page.locator('.hire-payment').filter({ hasText: '₹750' }).locator('.outbox-waiting').waitFor({ state: 'detached' });
    // A reload and a second pass of the outbox send nothing again.
    await page.reload();
    await heading(customer.name);
    expect((await owner<{ data: JobSummary[] }>(`hire/jobs?customerId=${customer.id}`)).data).toHaveLength(jobsBefore.length + 1);
    expect((await owner<{ data: Payment[] }>(`hire/payments?customerId=${customer.id}`)).data).toHaveLength(paymentsBefore.length + 1);
  });
});
