import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingListResponse, BookingOptions, BookingView, CreateBookingRequest } from '@tractorlink/domain/service-booking-api';
import { alertScenario, call, ingest, type SeededTractor } from './support/alerts-seed';
import { pushChannel, shownNotifications } from './support/alerts-browser';
import { NARROW_PHONE, baseURL, expectRoute, newPhone, open, useBrowser } from './support/browser';
import { ownerWithTractor } from './support/flows';
import { violations } from './tractor-helpers';

/**
 * Issue 15 in the browser at 360 px: a new owner's tractor (provisioned by the operator, claimed,
 * reporting) gets a doorstep service booked from the side menu through the summary; the dealer's side
 * (the operator API that `npm run admin -- bookings` drives) confirms and assigns it, and the owner's
 * status screen and a push follow; another is cancelled with a reason; the free services run out and
 * the form says so; the service information shows the next service due; a charged service is paid
 * online through the local gateway's checkout page and comes back paid. axe finds nothing on each screen.
 */
/** A 4000 × 3000 JPEG with a sensor's grain, as a cheap phone's camera would save it: 3–20 MB. */
async function cameraPhoto(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 4000;
    canvas.height = 3000;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    const pixels = ctx.createImageData(canvas.width, canvas.height);
    let seed = 7;
    // A field's gradient with the grain of a cheap camera's sensor.
    for (let i = 0; i < pixels.data.length; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      const pixel = i >> 2;
      const shade = ((pixel % canvas.width) + Math.floor(pixel / canvas.width)) / 28;
      pixels.data[i] = i % 4 === 3 ? 255 : (shade + (i % 4) * 40 + (seed & 0x3f)) & 0xff;
    }
    ctx.putImageData(pixels, 0, 0);
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
    if (!blob) throw new Error('no JPEG');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  });
  return Buffer.from(base64, 'base64');
}

describe('doorstep service booking (issue 15)', () => {
  const { browser } = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let tractor: SeededTractor;
  const operator = (path: string, body?: unknown) => call<BookingView>(baseURL(), path, { operator: true, ...(body ? { body } : {}) });
  const owner = <T>(path: string, body?: unknown) => call<T>(baseURL(), path, { token, ...(body ? { body } : {}) });

  beforeAll(async () => {
    ({ context, page } = await newPhone(browser(), { viewport: NARROW_PHONE }));
    await context.grantPermissions(['notifications'], { origin: baseURL() });
    // A few minutes of running: the tractor has a position (the pin's default) and engine hours.
    ({ token, tractor } = await ownerWithTractor(page, { name: 'Ganesh Jadhav', pin: '2468' }, (made) =>
      ingest(baseURL(), alertScenario(made.tractor.imei, Date.now() - 15 * 60_000)),
    ));
  }, 120_000);

  afterAll(async () => {
    await context?.close();
  });

  let booked: string;

  it('books a free periodic service from the side menu through the summary; a double tap books once', { timeout: 60_000 }, async () => {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('link', { name: 'Book doorstep services' }).click();
    await expectRoute(page, '/book-services');
    await page.locator('.booking-form').waitFor();
    expect(await violations(page)).toEqual([]);
    // The pin (the tractor's last position) in words for a listener, inside the map's region.
    await page.getByRole('button', { name: 'Move the pin on the map' }).click();
    const summary = page.getByRole('region', { name: 'Map' }).getByTestId('map-summary');
    await expect.poll(() => summary.textContent()).toMatch(/^Marked on the map: \d+\.\d{5}, \d+\.\d{5}\.$/);

    await page.getByRole('radio', { name: /Periodic service/ }).check();
    await page.getByRole('group', { name: 'Day' }).getByRole('radio', { disabled: false }).first().check();
    await page.getByRole('group', { name: 'Time' }).getByRole('radio', { disabled: false }).first().check();
    await page.getByLabel('Note for the mechanic (optional)').fill('Hydraulic lift is slow');
    // A camera's photo is bigger than the 2 MB the server takes: the phone shrinks it before sending.
    const camera = await cameraPhoto(page);
    expect(camera.length).toBeGreaterThan(3 * 1024 * 1024);
    expect(camera.length).toBeLessThan(20 * 1024 * 1024);
    await page.locator('.photo-field input[type=file]').setInputFiles({ name: 'lift.jpg', mimeType: 'image/jpeg', buffer: camera });
    await page.getByText('Photo added: lift.jpg').waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await expectRoute(page, '/booking-summary');
    await page.getByRole('heading', { name: 'Periodic service' }).waitFor();
    await page.getByText('Free', { exact: true }).first().waitFor();
    expect(await violations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Confirm booking' }).dblclick();
    await page.waitForURL((url) => url.hash.startsWith('#/booking-status?bookingId='), { timeout: 15_000 });
    booked = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('bookingId') ?? '';
    await page.getByText('Booking sent. The workshop will confirm it soon.').waitFor();
    expect(await violations(page)).toEqual([]);
    const { data } = await owner<BookingListResponse>('service-bookings');
    expect(data.map((b) => b.bookingId)).toEqual([booked]);
    const photo = await fetch(`${baseURL()}/api/v1/service-bookings/${booked}/photo`, { headers: { authorization: `Bearer ${token}` } });
    expect(photo.status).toBe(200);
    expect(photo.headers.get('content-type')).toBe('image/jpeg');
    expect(Number((await photo.arrayBuffer()).byteLength)).toBeLessThan(2 * 1024 * 1024);
  });

  it('the dealer confirms and assigns it: the status screen and a push follow', { timeout: 60_000 }, async () => {
    const channel = await pushChannel(context, page);
    await operator(`operator/service-bookings/${booked}/status`, { status: 'confirmed' });
    const assigned = await operator(`operator/service-bookings/${booked}/status`, {
      status: 'assigned',
      technician: { name: 'Suresh Shinde', phone: '9822011111' },
    });
    expect(assigned.status).toBe('assigned');
    // What the server's notifier pushes for this step, delivered to the page's worker by CDP.
    await channel.cdp.send('ServiceWorker.deliverPushMessage', {
      origin: new URL(baseURL()).origin,
      registrationId: channel.registrationId,
      data: JSON.stringify({
        type: 'booking',
        bookingId: booked,
        status: 'assigned',
        title: 'Mechanic assigned',
        body: 'Suresh Shinde will come for your tractor',
        url: `/#/booking-status?bookingId=${booked}`,
      }),
    });
    await expect.poll(async () => (await shownNotifications(page)).map((n) => n.tag)).toContain(`booking-${booked}`);
    // The open status screen refreshed on the push: the mechanic can be called from it.
    await page.getByRole('link', { name: /Call Suresh Shinde/ }).waitFor({ timeout: 15_000 });
    expect(await violations(page)).toEqual([]);
  });

  it('cancels another booking with a reason', { timeout: 60_000 }, async () => {
    const options = await owner<BookingOptions>(`service-bookings/options?vin=${tractor.vin}`);
    const other = await owner<BookingView>('service-bookings', bookingBody(options, 'washing'));
    await open(page, `/booking-status?bookingId=${other.bookingId}`);
    await page.getByRole('button', { name: 'Cancel booking' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cancel this booking?' });
    await dialog.getByRole('radio', { name: 'Not needed now' }).check();
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await page.getByText('The booking is cancelled.').waitFor();
    await page.getByText('Cancelled by you: Not needed now').waitFor();
    expect(await page.getByRole('button', { name: 'Cancel booking' }).count()).toBe(0);
  });

  it('lists every request in my service requests', async () => {
    await open(page, '/servicerequest-history');
    await page.locator('.request').nth(1).waitFor();
    expect(await page.locator('.request').count()).toBe(2);
    expect(await page.locator('.request').first().innerText()).toMatch(/Washing[\s\S]*Cancelled/);
    expect(await violations(page)).toEqual([]);
  });

  it('says when no free service is left for the tractor', { timeout: 60_000 }, async () => {
    const options = await owner<BookingOptions>(`service-bookings/options?vin=${tractor.vin}`);
    for (let i = 0; i < options.freeLeft; i++) await owner('service-bookings', bookingBody(options, 'periodic', i + 1));
    await open(page, '/book-services');
    await page.getByText('No free service left for the tractor').waitFor();
    // A periodic service now shows its charge, not 'Free'.
    await page.getByRole('radio', { name: /Periodic service.*₹/ }).waitFor();
    expect(await page.getByRole('radio', { name: /Periodic service.*Free/ }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  it('shows the next service due on the service information', async () => {
    await open(page, `/service-information?vin=${tractor.vin}`);
    await page.getByText('By engine hours').waitFor();
    await page.getByText('By date').waitFor();
    expect(await page.getByText('Service due information not available').count()).toBe(0);
    expect(await violations(page)).toEqual([]);
  });

  it("pays a charged service online through the local gateway's checkout and comes back to its status as paid", { timeout: 60_000 }, async () => {
    await open(page, '/book-services');
    await page.locator('.booking-form').waitFor();
    await page.getByRole('radio', { name: /Repair.*₹/ }).check();
    await page.getByRole('group', { name: 'Day' }).getByRole('radio', { disabled: false }).first().check();
    await page.getByRole('group', { name: 'Time' }).getByRole('radio', { disabled: false }).first().check();
    await page.getByRole('button', { name: 'Next' }).click();
    await expectRoute(page, '/booking-summary');
    const choice = page.getByRole('group', { name: 'How will you pay?' });
    await choice.waitFor();
    expect(await choice.getByRole('radio', { name: /Pay at the farm/ }).isChecked()).toBe(true);
    await choice.getByRole('radio', { name: /Pay now online/ }).check();
    expect(await violations(page)).toEqual([]);

    const pay = page.getByRole('button', { name: /Confirm and pay ₹/ });
    const amount = /₹[\d,]+\.\d\d/.exec(await pay.innerText())?.[0] ?? '';
    await pay.click();
    // The gateway's checkout page (the local stand-in for Razorpay), served by our server.
    await page.getByRole('heading', { name: 'Local test gateway' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('.amount').innerText()).toBe(amount);
    await page.getByRole('button', { name: /\(success\)/ }).click();
    await page.waitForURL((url) => url.hash.startsWith('#/booking-status?bookingId=') && url.hash.includes('paid=1'), { timeout: 15_000 });
    const bookingId = new URLSearchParams(new URL(page.url()).hash.split('?')[1]).get('bookingId') ?? '';
    await page.getByText('Payment received. Thank you.').waitFor();
    await page.getByText(`Paid online: ${amount}`, { exact: false }).waitFor();
    expect(await page.getByRole('button', { name: /Pay .* now/ }).count()).toBe(0);
    expect(await violations(page)).toEqual([]);
    const paid = await owner<BookingView>(`service-bookings/${bookingId}`);
    expect(paid).toMatchObject({ type: 'repair', payment: 'online', paymentStatus: 'paid', refundDue: false });
  });
});

/** A booking as the form would send it, on a slot with room (the n-th free one, so several never collide). */
function bookingBody(options: BookingOptions, type: CreateBookingRequest['type'], n = 0): CreateBookingRequest {
  const slots = options.days.flatMap((d) => d.slots.filter((s) => s.left > 0).map((s) => ({ date: d.date, slot: s.time })));
  const chosen = slots[n] ?? slots[0];
  if (!chosen || !options.position) throw new Error('no slot or position offered');
  return { requestId: crypto.randomUUID(), vin: options.vin, type, address: options.address, position: options.position, date: chosen.date, slot: chosen.slot };
}
