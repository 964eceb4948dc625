import { profileImageType } from '@tractorlink/domain/patterns';

/** Profile pictures: jpeg or png, told apart by their first bytes (the domain's rule, which the phone checks too). */
export type ImageType = { contentType: 'image/png'; extension: 'png' } | { contentType: 'image/jpeg'; extension: 'jpg' };

export function detectImageType(bytes: Uint8Array): ImageType | undefined {
  const type = profileImageType(bytes);
  if (type === 'image/png') return { contentType: 'image/png', extension: 'png' };
  if (type === 'image/jpeg') return { contentType: 'image/jpeg', extension: 'jpg' };
  return undefined;
}

/** Names we hand out: 32 hex digits and the type's extension. */
export const IMAGE_NAME_PATTERN = /^[0-9a-f]{32}\.(png|jpg)$/;

/** Every content type a stored picture is served with. */
export const IMAGE_CONTENT_TYPES: readonly ImageType['contentType'][] = ['image/png', 'image/jpeg'];
