import { apiJson } from '../../../lib/api-client';

/** POST service-bookings/photos: the re-encoded JPEG; the server checks its bytes and keeps it for the booking. */
export async function uploadBookingPhoto(photo: Blob): Promise<string> {
  const form = new FormData();
  form.append('photo', photo, 'photo.jpg');
  const res = await apiJson<{ photoId: string }>('service-bookings/photos', { method: 'POST', body: form });
  return res.photoId;
}
