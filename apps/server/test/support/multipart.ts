import type { FastifyInstance } from 'fastify';

/** A multipart/form-data body with one file part, for app.inject. */
export function multipartBody(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----tractorlink${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A profile picture sent with the owner's session as the app sends it (the file in the form's `field`, "image"). */
export function uploadImage(
  app: FastifyInstance,
  token: string,
  file: { filename: string; contentType: string; data: Buffer; field?: string },
  headers: Record<string, string> = {},
) {
  const form = multipartBody(file.field ?? 'image', file.filename, file.contentType, file.data);
  return app.inject({
    method: 'POST',
    url: '/api/v1/image',
    headers: { ...form.headers, authorization: `Bearer ${token}`, ...headers },
    payload: form.payload,
  });
}

/** Smallest valid-looking files: the right magic bytes and some filler. */
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 7)]);
export const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 9)]);
