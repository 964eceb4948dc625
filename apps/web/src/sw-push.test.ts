import { describe, expect, it } from 'vitest';
import { reminderPushPayload } from '@tractorlink/domain/alarms';
import { ALERT_RECEIVED, BOOKING_CHANGED, hashOf, notificationFor, pageMessageFor, parsePayload, targetUrl } from './sw-push';

const payload = {
  type: 'alert',
  alertId: '01a2',
  alertTypeId: 'A0003',
  vin: 'MBNAL0000000000001',
  critical: true,
  title: 'इंजन का तापमान ज़्यादा',
  body: 'Arjun (MH12AL1234) · 110 °C',
  timeStamp: 1_795_311_201,
  url: '/#/alert-detail/01a2',
};

describe('the service worker and a push message', () => {
  it('shows the title and body the server wrote in the owner language, one notification per alert', () => {
    const { title, options } = notificationFor(payload);
    expect(title).toBe('इंजन का तापमान ज़्यादा');
    expect(options.body).toBe(payload.body);
    expect(options.tag).toBe('alert-01a2');
    expect(options.data).toEqual({ url: '/#/alert-detail/01a2', alertId: '01a2' });
    expect(options.timestamp).toBe(1_795_311_201_000);
  });

  it('rings again for a critical alert (renotify) and keeps it until tapped; an ordinary one does not', () => {
    expect(notificationFor(payload).options).toMatchObject({ renotify: true, requireInteraction: true });
    const ordinary = notificationFor({ ...payload, critical: false }).options;
    expect(ordinary.renotify).toBe(false);
    expect(ordinary.requireInteraction).toBeUndefined();
  });

  it('still shows something for a message that is not JSON or has no title', () => {
    const text = { json: () => JSON.parse('not json') as unknown, text: () => 'hello' };
    expect(parsePayload(text)).toEqual({ body: 'hello' });
    expect(parsePayload(null)).toEqual({});
    expect(notificationFor({}).title).toBe('TractorLink');
  });

  it('opens the alert detail under the app scope, wherever the app is served', () => {
    expect(targetUrl('/#/alert-detail/01a2', 'https://app.example.in/')).toBe('https://app.example.in/#/alert-detail/01a2');
    expect(targetUrl('/#/alert-detail/01a2', 'https://example.in/tractorlink/')).toBe('https://example.in/tractorlink/#/alert-detail/01a2');
    expect(targetUrl('https://evil.example/x', 'https://app.example.in/')).toBe('https://app.example.in/');
    expect(targetUrl(undefined, 'https://app.example.in/')).toBe('https://app.example.in/');
    expect(hashOf('https://app.example.in/#/alert-detail/01a2')).toBe('#/alert-detail/01a2');
    expect(hashOf('https://app.example.in/')).toBeNull();
  });
});

describe('a reminder pushed while the app is closed (issue 14)', () => {
  it('rings again and stays until tapped, one notification per reminder, opening the reminders', () => {
    const payload = reminderPushPayload({
      id: 'oil',
      title: 'Change engine oil',
      description: 'Use 15W-40',
      time: '07:30',
      ampm: 'pm',
      repeat: { date: null },
      everyday: true,
      weekDays: [],
      isActive: true,
    });
    const { title, options } = notificationFor(payload);
    expect(title).toBe('Change engine oil');
    expect(options).toMatchObject({
      body: '19:30 · Use 15W-40',
      tag: 'reminder-oil',
      renotify: true,
      requireInteraction: true,
      data: { url: '/#/my-reminder' },
    });
  });
});

describe('a service booking push (issue 15)', () => {
  const step = (status: string) => ({
    type: 'booking',
    bookingId: 'bk_0123456789abcdef01234567',
    status,
    title: 'Mechanic assigned',
    body: 'Ravi · 9822012345',
    url: '/#/booking-status?bookingId=bk_0123456789abcdef01234567',
  });

  it('replaces the earlier step of the same booking (one tag per booking) and rings again', () => {
    const confirmed = notificationFor(step('confirmed')).options;
    const assigned = notificationFor(step('assigned')).options;
    expect(confirmed.tag).toBe('booking-bk_0123456789abcdef01234567');
    expect(assigned.tag).toBe(confirmed.tag);
    expect(assigned).toMatchObject({ renotify: true, data: { url: '/#/booking-status?bookingId=bk_0123456789abcdef01234567' } });
    expect(targetUrl(assigned.data.url as string, 'https://app.example.in/')).toBe(
      'https://app.example.in/#/booking-status?bookingId=bk_0123456789abcdef01234567',
    );
  });

  it('tells open copies of the app which booking moved; alerts keep their own message; others none', () => {
    expect(pageMessageFor(step('on_the_way'))).toEqual({ type: BOOKING_CHANGED, bookingId: 'bk_0123456789abcdef01234567' });
    expect(pageMessageFor(payload)).toEqual({ type: ALERT_RECEIVED, alertId: '01a2', vin: payload.vin });
    expect(pageMessageFor({ type: 'reminder', reminderId: 'oil' })).toBeNull();
  });
});
