import { describe, expect, it } from 'vitest';
import { guardRedirect } from './route-guard';

describe('route guard (spec §2)', () => {
  it('sends a signed-in owner from the login screen to the home tab', () => {
    expect(guardRedirect('/login', true)).toBe('/tabs/home');
    expect(guardRedirect('/', true)).toBe('/tabs/home');
  });

  it.each(['/tabs/home', '/settings', '/language', '/change-pin', '/about', '/terms-policies', '/create-new-profile'])(
    'lets a signed-in owner open %s',
    (path) => {
      expect(guardRedirect(path, true)).toBeNull();
    },
  );

  it.each(['/tabs/home', '/settings', '/language', '/change-pin', '/', '/anything-else', '/tabs/tractor'])(
    'sends a visitor without a session from %s to the login screen',
    (path) => {
      expect(guardRedirect(path, false)).toBe('/login');
    },
  );

  it.each(['/login', '/register', '/verify-otp', '/create-new-profile', '/create-new-pin', '/forgot-pin', '/reset-pin', '/about', '/terms-policies'])(
    'lets a visitor without a session open %s (login flow and public pages)',
    (path) => {
      expect(guardRedirect(path, false)).toBeNull();
    },
  );

  it.each(['/tabs/tractor', '/add-tractor', '/tractor-list', '/diesel-usage', '/engine-usage', '/locate-me', '/route-replay'])(
    'keeps the tractor screen %s for signed-in owners only',
    (path) => {
      expect(guardRedirect(path, true)).toBeNull();
      expect(guardRedirect(path, false)).toBe('/login');
    },
  );

  it.each(['/alert', '/alert-detail/01a200e6-982f-7029-a7fe-2c69701360da', '/alert-configuration', '/alert-receivers'])(
    'keeps the alert screen %s for signed-in owners only (spec §2: alert, alert-detail, alert-configuration are guarded)',
    (path) => {
      expect(guardRedirect(path, true)).toBeNull();
      expect(guardRedirect(path, false)).toBe('/login');
    },
  );

  it('ignores a trailing slash', () => {
    expect(guardRedirect('/settings/', false)).toBe('/login');
    expect(guardRedirect('/about/', false)).toBeNull();
  });
});
