import { fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DefaultOptions } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { ReactNode } from 'react';
import { TractorsContext } from '../lib/signed-in/tractors';
import type { TractorRef } from '../lib/signed-in/tractors';

export interface ProvidersOptions {
  /** Where the router starts (default '/'). */
  url?: string;
  /** The route the screen is mounted at; every other route shows where the screen went (`elsewhere`). None: no routes. */
  path?: string;
  /** The owner's tractors, the first one selected. None: no tractors context. */
  tractors?: TractorRef[];
  /** Query defaults over `retry: false` (e.g. the app's `networkMode: 'offlineFirst'`). */
  queries?: DefaultOptions['queries'];
}

/** Where a screen navigated to (any route but the one under test): its path and query, as test id `elsewhere`. */
function Elsewhere() {
  const l = useLocation();
  return <p data-testid="elsewhere">{l.pathname + l.search}</p>;
}

/**
 * `ui` as the app shows a screen: a fresh query cache that does not retry, a router, and the owner's
 * tractors when given. Returns the render result (its rerender keeps the providers) and the query client.
 */
export function renderWithProviders(ui: ReactNode, { url = '/', path, tractors, queries }: ProvidersOptions = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, ...queries }, mutations: { retry: false } } });
  const wrap = (screenUi: ReactNode) => {
    const routed = (
      <MemoryRouter initialEntries={[url]}>
        {path === undefined ? (
          screenUi
        ) : (
          <Routes>
            <Route path={path} element={screenUi} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        )}
      </MemoryRouter>
    );
    return (
      <QueryClientProvider client={client}>
        {tractors ? <TractorsContext value={{ tractors, selected: tractors[0], select: () => undefined }}>{routed}</TractorsContext> : routed}
      </QueryClientProvider>
    );
  };
  const view = render(wrap(ui));
  // Another screen (or the same with other props) in the same providers: the query cache stays.
  return { ...view, client, rerender: (next: ReactNode) => view.rerender(wrap(next)) };
}

/** A field one types in (a radio or checkbox of the same name is a choice, not a field). */
const TYPED = 'input:not([type=radio]):not([type=checkbox]), textarea';

/** Types each value into the field with that label, in order, then presses the button named `submit`. */
export function fillAndSubmit(fields: Record<string, string>, submit: string): void {
  for (const [label, value] of Object.entries(fields)) fireEvent.change(screen.getByLabelText(label, { selector: TYPED }), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}
