import { z } from 'zod';

/** A route that takes no query: unknown fields are refused (DESIGN §5), as on every route. */
export const noQuery = z.strictObject({});

/**
 * A DELETE takes no body: none (or `{}`) is fine, anything else is VALIDATION_FAILED. Read as no body
 * at all, so the Idempotency-Key's body hash of a bodiless DELETE stays what it was.
 */
export const noBody = z
  .strictObject({})
  .nullish()
  .transform(() => undefined);
