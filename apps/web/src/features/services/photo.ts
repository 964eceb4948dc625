import { BOOKING_PHOTO_MAX_BYTES } from '@tractorlink/domain/service-booking';

/** The longest side sent: enough to see a leak or a broken part, small on 2G. */
const PHOTO_MAX_SIDE = 1600;
/**
 * The biggest picture the phone tries to shrink. A cheap phone's camera saves 3–10 MB, which the
 * 2 MB the server takes (BOOKING_PHOTO_MAX_BYTES) would refuse; past 20 MB (a 100 MP picture) the
 * decoded pixels alone would take most of a cheap phone's memory.
 */
export const PHOTO_SOURCE_MAX_BYTES = 20 * 1024 * 1024;
/** JPEG qualities tried in turn until the photo fits the server's 2 MB. */
const QUALITIES = [0.8, 0.6, 0.4];
const ACCEPTED = ['image/jpeg', 'image/png'];

export type PhotoProblem = 'type' | 'size' | 'unreadable';

export class PhotoError extends Error {
  constructor(readonly problem: PhotoProblem) {
    super(`Photo refused: ${problem}`);
    this.name = 'PhotoError';
  }
}

/** Whether the picked file may be shrunk at all: JPEG or PNG, not past PHOTO_SOURCE_MAX_BYTES. */
export function photoProblem(file: Pick<File, 'type' | 'size'>): PhotoProblem | null {
  if (!ACCEPTED.includes(file.type)) return 'type';
  if (file.size > PHOTO_SOURCE_MAX_BYTES) return 'size';
  return null;
}

/** The size to draw at: the longest side at most `max`, the shape kept. */
export function fitWithin(width: number, height: number, max = PHOTO_MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/**
 * Redraws the photo on a canvas as a JPEG: the pixels only, so the phone's EXIF (the farm's GPS
 * position, the camera) is dropped, and a 12 MP picture of 3–5 MB shrinks to a few hundred KB, well
 * within the 2 MB the server takes (issue 15: JPEG/PNG ≤ 2 MB, re-encoded).
 */
export async function reencodePhoto(file: File): Promise<Blob> {
  const problem = photoProblem(file);
  if (problem) throw new PhotoError(problem);
  let bitmap: ImageBitmap;
  try {
    // 'from-image' turns a phone's sideways photo upright before its EXIF is lost.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new PhotoError('unreadable');
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new PhotoError('unreadable');
  // A PNG's transparent parts would turn black in a JPEG.
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  ctx.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  for (const quality of QUALITIES) {
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));
    if (!blob) throw new PhotoError('unreadable');
    if (blob.size <= BOOKING_PHOTO_MAX_BYTES) return blob;
  }
  throw new PhotoError('size');
}
