import { Suspense, lazy } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Link, MemoryRouter, Outlet, Route, Routes, useNavigate } from 'react-router';
import { useRouteFocus } from './use-route-focus';

afterEach(cleanup);

function Layout() {
  useRouteFocus();
  return <Outlet />;
}

function Screen({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <>
      <h1>{title}</h1>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

function BackButton() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      Back
    </button>
  );
}

// A screen whose code arrives later, as the lazy screens do (lazy-screen.tsx).
let arrive: () => void = () => undefined;
const LateScreen = lazy(
  () =>
    new Promise<{ default: () => React.JSX.Element }>((resolve) => {
      arrive = () => resolve({ default: () => <Screen title="Late screen" /> });
    }),
);

function renderApp() {
  return render(
    <MemoryRouter initialEntries={['/list']}>
      <Routes>
        <Route element={<Layout />}>
          <Route
            path="/list"
            element={
              <Screen title="Alerts">
                <Link to="/detail/1">Low diesel</Link>
                <Link to="/detail/2">High temperature</Link>
                <Link to="/late">Late</Link>
              </Screen>
            }
          />
          <Route
            path="/detail/:id"
            element={
              <Screen title="Alert detail">
                <BackButton />
              </Screen>
            }
          />
          <Route
            path="/late"
            element={
              <Suspense fallback={null}>
                <LateScreen />
              </Suspense>
            }
          />
        </Route>
      </Routes>
    </MemoryRouter>,
  );
}

describe('focus after a route change', () => {
  it('leaves focus alone on the first screen of a page load', () => {
    renderApp();
    expect(document.activeElement).toBe(document.body);
  });

  it("moves to the new screen's heading, which a reader then reads first", () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'High temperature' });
    link.focus();
    fireEvent.click(link);
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Alert detail' }));
  });

  it('goes back to the control that led away when Back returns to its screen', () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'High temperature' });
    link.focus();
    fireEvent.click(link);
    const back = screen.getByRole('button', { name: 'Back' });
    back.focus();
    fireEvent.click(back);
    expect(screen.getByRole('heading', { name: 'Alerts' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('link', { name: 'High temperature' }));
  });

  it("waits for a lazy screen's heading instead of leaving focus on <body>", async () => {
    renderApp();
    const link = screen.getByRole('link', { name: 'Late' });
    link.focus();
    fireEvent.click(link);
    expect(screen.queryByRole('heading')).toBeNull();
    await act(async () => arrive());
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Late screen' })));
  });
});
