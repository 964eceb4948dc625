import { useSyncExternalStore } from 'react';
import { RegistrationProfileScreen } from '../features/auth/registration-profile-screen';
import { ProfileEditScreen } from '../features/profile/profile-edit-screen';
import { sessionStore } from '../lib/session';

/** One route, two screens: the profile step of registration, or editing one's profile when signed in. */
export function CreateNewProfileRoute() {
  const signedIn = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot) === 'signedIn';
  return signedIn ? <ProfileEditScreen /> : <RegistrationProfileScreen />;
}
