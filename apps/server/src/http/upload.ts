import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/app-error';

/**
 * busboy refuses a malformed form (no boundary, another boundary than the header names, cut short
 * before its closing boundary) with a bare Error and no code: the client's fault, not ours. Fastify's
 * and @fastify/multipart's own refusals (too large, not multipart …) carry an FST_ code and keep it.
 */
function isMalformedForm(err: unknown): boolean {
  return err instanceof Error && !(err instanceof AppError) && !('code' in err);
}

/**
 * The bytes of the one file of a multipart upload, sent in form field `field`: 400 VALIDATION_FAILED
 * (REQUIRED) without it, or (INVALID) when the form itself is malformed; PAYLOAD_TOO_LARGE past `maxBytes`.
 */
export async function readUploadedFile(request: FastifyRequest, field: string, maxBytes: number): Promise<Buffer> {
  try {
    const file = await request.file({ limits: { fileSize: maxBytes, files: 1, fields: 0 } });
    if (!file || file.fieldname !== field) {
      file?.file.resume();
      throw new AppError('VALIDATION_FAILED', { details: [{ path: field, code: 'REQUIRED' }] });
    }
    // Throws FST_REQ_FILE_TOO_LARGE (→ PAYLOAD_TOO_LARGE) past maxBytes.
    return await file.toBuffer();
  } catch (err) {
    if (isMalformedForm(err)) throw new AppError('VALIDATION_FAILED', { details: [{ path: field, code: 'INVALID' }] });
    throw err;
  }
}
