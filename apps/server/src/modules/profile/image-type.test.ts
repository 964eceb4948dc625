import { describe, expect, it } from 'vitest';
import { detectImageType } from './image-type';

describe('image type by magic bytes', () => {
  it.each([
    ['png', [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0], 'image/png'],
    ['jpeg (JFIF)', [0xff, 0xd8, 0xff, 0xe0, 0], 'image/jpeg'],
    ['jpeg (Exif)', [0xff, 0xd8, 0xff, 0xe1, 0], 'image/jpeg'],
    ['gif', [0x47, 0x49, 0x46, 0x38, 0x39, 0x61], undefined],
    ['svg text', [...Buffer.from('<svg')], undefined],
    ['truncated png', [0x89, 0x50, 0x4e, 0x47], undefined],
    ['empty', [], undefined],
  ])('%s', (_name, bytes, type) => {
    expect(detectImageType(Uint8Array.from(bytes))?.contentType).toBe(type);
  });
});
