/** A screen's code did not arrive (no network, and not kept on this phone yet). */
export class ScreenLoadError extends Error {
  constructor(cause: unknown) {
    super('The screen could not be loaded', { cause });
    this.name = 'ScreenLoadError';
  }
}
