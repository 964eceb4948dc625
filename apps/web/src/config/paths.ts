// Every route of the app, named once (spec §2). Hash URLs: `#` + path.

function route<P extends string>(path: P) {
  return { path, getHref: () => path } as const;
}

export const paths = {
  root: route('/'),
  login: route('/login'),
  register: route('/register'),
  verifyOtp: route('/verify-otp'),
  createNewProfile: route('/create-new-profile'),
  createNewPin: route('/create-new-pin'),
  forgotPin: route('/forgot-pin'),
  resetPin: route('/reset-pin'),
  changePin: route('/change-pin'),
  tabs: route('/tabs'),
  home: route('/tabs/home'),
  language: route('/language'),
  settings: route('/settings'),
  about: route('/about'),
  termsPolicies: route('/terms-policies'),
} as const;

export type AppPath = (typeof paths)[keyof typeof paths]['path'];
