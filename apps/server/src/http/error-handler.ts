import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiErrorBody } from '@tractorlink/domain/errors';
import { AppError, errorMessage, errorStatus } from '../errors/app-error';
import type { ErrorExtra, ServerErrorCode } from '../errors/app-error';
import { RequestValidationError } from './validation';

export function sendError(reply: FastifyReply, code: ServerErrorCode, extra: ErrorExtra = {}): FastifyReply {
  const body: { error: Omit<ApiErrorBody['error'], 'code'> & { code: ServerErrorCode; nextSlot?: ErrorExtra['nextSlot'] } } = {
    error: { code, message: errorMessage(code) },
  };
  if (extra.retryAfterSeconds !== undefined) {
    body.error.retryAfterSeconds = extra.retryAfterSeconds;
    reply.header('retry-after', String(extra.retryAfterSeconds));
  }
  if (extra.details) body.error.details = extra.details;
  if (extra.nextSlot !== undefined) body.error.nextSlot = extra.nextSlot;
  return reply
    .code(extra.status ?? errorStatus(code))
    .type('application/json; charset=utf-8')
    .send(body);
}

const TOO_LARGE = new Set(['FST_ERR_CTP_BODY_TOO_LARGE', 'FST_REQ_FILE_TOO_LARGE', 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT']);

function isFastifyError(err: unknown): err is FastifyError {
  return err instanceof Error && 'code' in err;
}

/**
 * One place turns every error into `{ error: { code, message, … } }` (DESIGN §5). Operational
 * errors are logged at info with their code only; anything else is a bug: logged in full, answered
 * 500 INTERNAL without details. Bodies are never logged, so PINs, OTPs and tickets cannot leak.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: unknown, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof AppError) {
      request.log.info({ errorCode: err.code }, 'request refused');
      return sendError(reply, err.code, err.extra);
    }
    if (err instanceof RequestValidationError) {
      request.log.info({ errorCode: 'VALIDATION_FAILED', details: err.details }, 'request refused');
      return sendError(reply, 'VALIDATION_FAILED', { details: err.details });
    }
    if (isFastifyError(err)) {
      const status = err.statusCode ?? 500;
      if (TOO_LARGE.has(err.code) || status === 413) {
        request.log.info({ errorCode: 'PAYLOAD_TOO_LARGE', cause: err.code }, 'request refused');
        return sendError(reply, 'PAYLOAD_TOO_LARGE');
      }
      if (status === 404) return sendError(reply, 'NOT_FOUND');
      if (status === 429) return sendError(reply, 'RATE_LIMITED');
      if (status >= 400 && status < 500) {
        // Malformed JSON, wrong content type and the like. `err.message` can quote the body: not logged.
        request.log.info({ errorCode: 'VALIDATION_FAILED', cause: err.code }, 'request refused');
        return sendError(reply, 'VALIDATION_FAILED');
      }
    }
    request.log.error({ err }, 'unexpected error');
    return sendError(reply, 'INTERNAL');
  });
}
