import { isLanguageCode } from '@tractorlink/domain/languages';
import type { UserData } from '@tractorlink/domain/auth';
import type { UserRow } from './repo';

/** India's country code, shown beside the number (spec §3 mobileNoCC). */
export const COUNTRY_CODE = '+91';

export const imageUrlFor = (imageName: string) => `image?imageName=${imageName}`;

/** The spec's userData (§3) from an account row. */
export function toUserData(user: UserRow): UserData {
  return {
    firstName: user.name.split(' ')[0] ?? user.name,
    name: user.name,
    mobileNoCC: COUNTRY_CODE,
    mobileNo: user.mobile_no,
    email: user.email,
    birthDate: user.birth_date,
    imageURL: user.image_name === null ? null : imageUrlFor(user.image_name),
    language: isLanguageCode(user.language) ? user.language : 'en',
  };
}
