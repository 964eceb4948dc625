import type { TokenResponse } from '@tractorlink/domain/auth';
import type { LanguageCode } from '@tractorlink/domain/languages';

/** The signed-in owner the unit tests use (a token response's `user`), in the language a test needs. */
export function testOwner(language: LanguageCode = 'en'): TokenResponse['user'] {
  return {
    firstName: 'Ramesh',
    name: 'Ramesh Patil',
    mobileNoCC: '+91',
    mobileNo: '9876543210',
    email: null,
    birthDate: '1980-05-01',
    imageURL: null,
    language,
  };
}
