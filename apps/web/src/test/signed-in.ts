import { afterEach, beforeEach } from 'vitest';
import type { TokenResponse } from '@tractorlink/domain/auth';
import { resetOutboxForTests } from '../lib/outbox/outbox';
import { storage } from '../lib/secure-storage';
import { resetSessionForTests, setAccessTokenForTests, startSession } from '../lib/session';

/** A JSON answer as the API sends one. */
export const jsonResponse = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/**
 * `user` signed in before each test of the file (a fresh session and an empty outbox, its kept
 * entries removed) and signed out after. Call at the top level of a test file, after storage.load().
 */
export function signInEachTest(user: TokenResponse['user']): void {
  beforeEach(() => {
    resetSessionForTests();
    resetOutboxForTests();
    for (const name of storage.names('outbox')) storage.remove(name);
    startSession({ access_token: 'token', token_type: 'Bearer', expires_in: 900, user }, true);
  });
  afterEach(() => {
    resetSessionForTests();
    setAccessTokenForTests(null);
  });
}
