/** The outbox's shapes (see README.md beside this file). */

export type WriteMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Why the server refused a write: kept with the entry, shown with it, until the owner edits or discards it. */
export interface Refusal {
  status: number;
  code: string;
  message: string;
  details?: { path: string; code: string }[];
}

/**
 * A file a write carries (the profile photo). Entries are JSON in the secure storage, so its bytes
 * are kept as a data: URL; sent, the write is multipart/form-data holding this one part.
 */
export interface OutboxFile {
  /** The form field the server reads, e.g. 'image'. */
  field: string;
  /** The file's name as chosen ('IMG_0412.jpg'). */
  name: string;
  /** Its MIME type, e.g. 'image/jpeg'. */
  type: string;
  /** `data:<type>;base64,<bytes>`: what the phone keeps, and what a screen can show while it waits. */
  dataUrl: string;
}

/** One write made on this phone and not yet applied on the server, kept (encrypted) until it is. */
export interface OutboxEntry {
  /** The entry's own id (its storage name is `outbox.<id>`). */
  id: string;
  /** Sending order: smaller first. A replacement keeps the order of what it replaced. */
  seq: number;
  /** The Idempotency-Key: the same on every resend, a new one whenever the body changes. */
  key: string;
  /** What it does, e.g. 'geofence.create': the words of its messages (`outbox.kind.<kind>`) and the feature's overlay. */
  kind: string;
  method: WriteMethod;
  /** API path under /api/v1/ (may name a local id until its create is applied). */
  path: string;
  /** JSON sent as the request body (unset with `file`). */
  body?: unknown;
  /**
   * A multipart write: the file it sends (unset with `body`). Kept apart from `body` so the local-id
   * rules, which read the body as text, never scan a photo's megabytes.
   */
  file?: OutboxFile;
  /** The item it changes, e.g. 'geofence:<id>': lists mark that item 'waiting' or 'refused'. */
  target: string;
  /** The item's name as the owner knows it ('Farm-1', 'Kisan 475'), for the messages. */
  label: string;
  /** For a create: the id the new item has on this phone until the server's answer names it. */
  localId?: string;
  /** Query keys (JSON arrays) refetched once it is applied. */
  invalidate: readonly (readonly unknown[])[];
  /** Hash route where the owner can change it (a refusal links there). */
  editPath?: string;
  /** Epoch ms it was made. */
  createdAt: number;
  /** Sends tried. 0: it never left the phone, so it may still be rewritten or dropped safely. */
  attempts: number;
  /** Set when the server refused it: it stays for the owner to edit or discard, and is not resent. */
  refusal?: Refusal;
}

/** What a feature hands the outbox: a write and how to show it. */
interface WriteRequestBase {
  kind: string;
  method: WriteMethod;
  path: string;
  target: string;
  label: string;
  localId?: string;
  invalidate?: readonly (readonly unknown[])[];
  editPath?: string;
  /**
   * Earlier entries this write makes pointless (default: same kind and target, e.g. two renames of
   * one tractor). Those that never left the phone, or were refused, are replaced by it in their place.
   */
  supersedes?: (entry: OutboxEntry) => boolean;
}

/** A write sends a JSON body, or a file as multipart/form-data (`keepFile` in multipart.ts), never both. */
export type WriteRequest = WriteRequestBase & ({ body?: unknown; file?: undefined } | { file: OutboxFile; body?: undefined });

/** What came of a write: applied by the server (with its answer) or kept on the phone to send later. */
export type WriteResult<T> = { state: 'applied'; body: T } | { state: 'queued'; entry: OutboxEntry };
