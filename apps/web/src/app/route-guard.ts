import { paths } from '../config/paths';

/**
 * Route guard of spec §2. Without a session only the login flow and the public pages open; with one,
 * the login screen sends the owner home. Returns where to go instead, or null to stay.
 */
const OPEN_WITHOUT_SESSION: ReadonlySet<string> = new Set([
  paths.login.path,
  paths.register.path,
  paths.verifyOtp.path,
  // During registration this is the profile step; signed in it edits the profile.
  paths.createNewProfile.path,
  paths.createNewPin.path,
  paths.forgotPin.path,
  paths.resetPin.path,
  paths.about.path,
  paths.termsPolicies.path,
]);

export function guardRedirect(pathname: string, signedIn: boolean): string | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (signedIn) {
    if (path === paths.login.path || path === paths.root.path) return paths.home.getHref();
    return null;
  }
  return OPEN_WITHOUT_SESSION.has(path) ? null : paths.login.getHref();
}
