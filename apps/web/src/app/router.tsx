import { Suspense, useEffect } from 'react';
import { HashRouter, Navigate, Route, Routes, useNavigate } from 'react-router';
import { paths } from '../config/paths';
import { ApiError } from '../lib/api-error';
import { setLoginNavigator } from '../lib/session';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from './route-error';
import { Splash } from './splash';
import { screen } from './lazy-screen';

/**
 * Hash routes (spec §2), every screen a lazy module so the first load carries only the login flow;
 * the rest of the route table is itself a lazy module (shell-routes.tsx). We use react-router's declarative <HashRouter>: its data router (createHashRouter +
 * RouterProvider) costs 16.5 KB more gzipped, which alone would break the 120 KB login budget
 * (DESIGN §1), and we use none of its loaders or actions. Path strings come from config/paths.ts.
 */

const LoginScreen = screen(
  () => import('../features/auth/login-screen'),
  (m) => m.LoginScreen,
);
const RegisterScreen = screen(
  () => import('../features/auth/register-screen'),
  (m) => m.RegisterScreen,
);
const VerifyOtpScreen = screen(
  () => import('../features/auth/verify-otp-screen'),
  (m) => m.VerifyOtpScreen,
);
const CreateNewPinScreen = screen(
  () => import('../features/auth/create-new-pin-screen'),
  (m) => m.CreateNewPinScreen,
);
const ForgotPinScreen = screen(
  () => import('../features/auth/forgot-pin-screen'),
  (m) => m.ForgotPinScreen,
);
const ResetPinScreen = screen(
  () => import('../features/auth/reset-pin-screen'),
  (m) => m.ResetPinScreen,
);
// Everything past the login flow: its route table is a chunk of its own (shell-routes.tsx).
const ShellRoutes = screen(
  () => import('./shell-routes'),
  (m) => m.ShellRoutes,
);

const rel = (p: { path: string }) => p.path.slice(1);

/** When a session ends (refresh refused, logout), go to the login screen through the router. */
function LoginNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setLoginNavigator((error) => {
      // A refused refresh says why (session expired or revoked); a plain logout says nothing.
      const endedCode = error instanceof ApiError ? error.code : undefined;
      void navigate(paths.login.getHref(), { replace: true, state: endedCode ? { endedCode } : null });
    });
  }, [navigate]);
  return null;
}

function AppRoutes() {
  return (
    <RouteErrorBoundary>
      <LoginNavigator />
      <Suspense fallback={<Splash />}>
        <Routes>
          <Route path={paths.root.path} element={<RootLayout />}>
            <Route index element={<Navigate to={paths.login.getHref()} replace />} />
            <Route path={rel(paths.login)} element={<LoginScreen />} />
            <Route path={rel(paths.register)} element={<RegisterScreen />} />
            <Route path={rel(paths.verifyOtp)} element={<VerifyOtpScreen />} />
            <Route path={rel(paths.createNewPin)} element={<CreateNewPinScreen />} />
            <Route path={rel(paths.forgotPin)} element={<ForgotPinScreen />} />
            <Route path={rel(paths.resetPin)} element={<ResetPinScreen />} />
            {/* The signed-in shell (react-query, menu); the public pages share its header. */}
            <Route path="*" element={<ShellRoutes />} />
          </Route>
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}

export function AppRouter() {
  return (
    <HashRouter>
      <AppRoutes />
    </HashRouter>
  );
}
