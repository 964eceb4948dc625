import { describe, expect, it } from 'vitest';
import { fitWithin, photoProblem, PhotoError, reencodePhoto } from './photo';

describe('the booking photo (issue 15: JPEG/PNG ≤ 2 MB, re-encoded)', () => {
  it('refuses other types and sources over 2 MB before reading them', async () => {
    expect(photoProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 })).toBeNull();
    expect(photoProblem({ type: 'image/png', size: 10 })).toBeNull();
    expect(photoProblem({ type: 'image/jpeg', size: 2 * 1024 * 1024 + 1 })).toBe('size');
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
