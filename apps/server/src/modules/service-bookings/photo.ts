import { detectImageType, type ImageType } from '../profile/image-type';

/** PNG's last chunk: length 0, 'IEND', its CRC. */
const PNG_IEND = Buffer.from([0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82]);
const JPEG_EOI = Buffer.from([0xff, 0xd9]);
/** Some cameras pad a JPEG after its end marker; more than this is not padding. */
const JPEG_PADDING_MAX = 64;

/**
 * A booking photo is a whole JPEG or PNG, by its bytes (DESIGN §7): the right start and an end marker,
 * so a renamed file or an upload cut short is refused, whatever its name or declared type says.
 */
export function checkPhoto(bytes: Buffer): ImageType | undefined {
  const type = detectImageType(bytes);
  if (!type || bytes.length < 32) return undefined;
  if (type.extension === 'png') return bytes.subarray(bytes.length - PNG_IEND.length).equals(PNG_IEND) ? type : undefined;
  let end = bytes.length;
  while (end > 2 && bytes.length - end < JPEG_PADDING_MAX && bytes[end - 1] === 0x00) end--;
  return bytes.subarray(end - 2, end).equals(JPEG_EOI) ? type : undefined;
}
