import type { OutboxEntry, OutboxFile } from './types';

/**
 * Files in the outbox (the profile photo): read once into what an entry keeps (a data: URL, since
 * entries are JSON in the secure storage) and made a multipart body again on every send.
 */

function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/**
 * What an entry keeps of `file`, sent later in the form field `field`. The caller checks its own
 * rules (types, size) first; `maxBytes` bounds what the phone keeps whatever they are (RangeError past it).
 */
export async function keepFile(file: File, field: string, maxBytes: number): Promise<OutboxFile> {
  if (file.size > maxBytes) throw new RangeError(`The file has ${file.size} bytes; at most ${maxBytes} may be kept`);
  const type = file.type || 'application/octet-stream';
  const read = await readAsDataUrl(file);
  // A data URL of the file's own type, whatever the reader wrote before the comma.
  const dataUrl = `data:${type};base64,${read.slice(read.indexOf(',') + 1)}`;
  return { field, name: file.name || field, type, dataUrl };
}

/** The kept bytes as a Blob again (decoded here: no fetch of the data URL, so offline and in tests alike). */
export function blobOf(file: OutboxFile): Blob {
  const binary = atob(file.dataUrl.slice(file.dataUrl.indexOf(',') + 1));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return new Blob([bytes], { type: file.type });
}

/** What an entry sends: its file as multipart/form-data (a fresh FormData each send), else its JSON body. */
export function requestBody(entry: Pick<OutboxEntry, 'body' | 'file'>): unknown {
  if (!entry.file) return entry.body;
  const form = new FormData();
  form.append(entry.file.field, blobOf(entry.file), entry.file.name);
  return form;
}
