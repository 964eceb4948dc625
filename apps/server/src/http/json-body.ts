import type { FastifyInstance } from 'fastify';

/**
 * Fastify refuses `Content-Type: application/json` with an empty body. Some clients send exactly
 * that for POST refreshtoken/logout, so an empty JSON body is read as "no body"; everything else
 * goes to Fastify's own parser (prototype-poisoning protection included).
 */
export function acceptEmptyJsonBodies(app: FastifyInstance): void {
  const defaultParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString(); // parseAs 'string' gives a string; the type also allows a Buffer
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void defaultParser(request, text, done);
  });
}
