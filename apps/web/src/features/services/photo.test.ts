import { describe, expect, it } from 'vitest';
import { fitWithin, PHOTO_SOURCE_MAX_BYTES, photoProblem, PhotoError, reencodePhoto } from './photo';

describe('the booking photo (issue 15: JPEG/PNG ≤ 2 MB sent, re-encoded on the phone)', () => {
  it('takes camera-sized JPEG and PNG sources to shrink (a 5 MB photo is not refused), refuses other types and sources past 20 MB', async () => {
    expect(photoProblem({ type: 'image/jpeg', size: 5 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: PHOTO_SOURCE_MAX_BYTES })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: PHOTO_SOURCE_MAX_BYTES + 1 })).toBe('size');
    expect(photoProblem({ type: 'image/heic', size: 10 })).toBe('type');
    expect(photoProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    await expect(reencodePhoto(new File(['x'], 'a.gif', { type: 'image/gif' }))).rejects.toEqual(new PhotoError('type'));
  });

  it('draws at most 1600 px on the long side, keeping the shape; small photos keep their size', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 });
    expect(fitWithin(3000, 4000)).toEqual({ width: 1200, height: 1600 });
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 });
  });
});
