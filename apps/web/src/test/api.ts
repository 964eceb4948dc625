import { vi } from 'vitest';

/** One request a screen sent: its path without /api/v1/ (with the query), method and JSON body. */
export interface ApiCall {
  method: string;
  path: string;
  body: unknown;
}

/** fetch answered by `answer` (path without /api/v1/, method, body); every call recorded, in order. */
export function fakeApi(answer: (path: string, method: string, body: unknown) => Response | Promise<Response>): ApiCall[] {
  const calls: ApiCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const path = url.pathname.replace('/api/v1/', '') + url.search;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      calls.push({ method, path, body });
      return answer(path, method, body);
    }),
  );
  return calls;
}
