import type { SwaggerTransform } from '@fastify/swagger';
import type { FastifySchema } from 'fastify';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The media types of a 200 answer that is bytes, not JSON (a photo, audio, a PDF): for the OpenAPI document. */
    binaryAnswer?: readonly string[];
  }
}

/**
 * The OpenAPI document's answer for routes whose 200 is bytes. A response schema would also reach the
 * serializer, which refuses a Buffer; this changes only the document.
 */
export function describeBinaryAnswers<S extends FastifySchema>(transform: SwaggerTransform<S>): SwaggerTransform<S> {
  return (input) => {
    const described = transform(input);
    const types = input.route.config?.binaryAnswer;
    if (!types) return described;
    const bytes = { schema: { type: 'string', format: 'binary' } };
    const answer = { description: 'The bytes', content: Object.fromEntries(types.map((type) => [type, bytes])) };
    return { ...described, schema: { ...described.schema, response: { ...(described.schema.response as object | undefined), 200: answer } } };
  };
}
