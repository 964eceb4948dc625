import { afterEach, beforeEach, vi } from 'vitest';

/** What the server answers a request the phone could send. */
type Answer = (input: RequestInfo | URL, init: RequestInit) => Response | Promise<Response>;

/**
 * The phone's network, which a test switches with `network.online`: offline at the start of each
 * test. navigator.onLine follows it, and fetch fails offline as the browser's does; online, `answer`
 * answers. Call at the top level of a test file.
 */
export function networkEachTest(answer: Answer): { online: boolean } {
  const network = { online: false };
  beforeEach(() => {
    network.online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => network.online);
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
        if (!network.online) throw new TypeError('Failed to fetch');
        return answer(input, init);
      }),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
  return network;
}
