/** Open dialogs register a close function, so ending a session can close them all (spec §4). */
const open = new Set<() => void>();

export function registerDialog(close: () => void): () => void {
  open.add(close);
  return () => open.delete(close);
}

export function closeAllDialogs(): void {
  for (const close of [...open]) close();
}
