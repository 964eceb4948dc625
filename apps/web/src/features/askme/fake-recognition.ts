/**
 * For tests (unit and browser): the browser's speech recognition replaced by one that fails with
 * `error` as it starts ('network' as Chrome on a weak signal, 'language-not-supported' …).
 * Self-contained, so a browser test can pass it to addInitScript.
 */
export function failingRecognition(error: string): void {
  class FailingRecognition {
    lang = '';
    interimResults = false;
    maxAlternatives = 1;
    continuous = false;
    onresult: (() => void) | null = null;
    onerror: ((e: { error: string }) => void) | null = null;
    onend: (() => void) | null = null;
    start() {
      setTimeout(() => {
        this.onerror?.({ error });
        this.onend?.();
      }, 0);
    }
    stop() {}
    abort() {}
  }
  const w = window as unknown as Record<string, unknown>;
  w.SpeechRecognition = FailingRecognition;
  w.webkitSpeechRecognition = FailingRecognition;
}
