import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen } from '@testing-library/react';
import { initI18n } from '../../lib/i18n';
import { loadAlertTexts } from '../../lib/signed-in/alert-texts';
import { storage } from '../../lib/secure-storage';
import { NotificationsCard } from './notifications-card';

beforeAll(async () => {
  await storage.load();
  await initI18n('en');
  await loadAlertTexts('en');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('turning alerts on for this phone', () => {
  it("says spec §8 'This browser does not support service worker' where there is none, and offers no button", () => {
    // jsdom, like some old phone browsers, has no navigator.serviceWorker.
    render(<NotificationsCard />);
    expect(screen.getByRole('alert').textContent).toBe('This browser does not support service worker');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("says spec §8 'This browser does not support push notification' with a service worker but no Push API", () => {
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: new EventTarget() }));
    render(<NotificationsCard />);
    expect(screen.getByRole('alert').textContent).toBe('This browser does not support push notification');
  });

  it('asks for permission only on the tap, and says so when the owner refuses', async () => {
    const requestPermission = vi.fn(async () => 'denied' as NotificationPermission);
    const FakeNotification = Object.assign(function Notification() {}, { permission: 'default' as NotificationPermission, requestPermission });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { serviceWorker: new EventTarget() }));
    vi.stubGlobal('PushManager', function PushManager() {});
    vi.stubGlobal('Notification', FakeNotification);
    render(<NotificationsCard />);
    expect(requestPermission).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Turn on alerts on this phone' }));
    expect(requestPermission).toHaveBeenCalledTimes(1);
    expect((await screen.findByRole('alert')).textContent).toMatch(/Notifications are blocked for TractorLink/);
  });
});
