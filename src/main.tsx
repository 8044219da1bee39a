/**
 * Boots the SPA with two front doors: a signed-out visitor of a public page gets the public shell,
 * whose code is the entry's own (index.html preloads all of it); a signed-in user, or any other
 * address, gets the admin app (react-admin), loaded on demand and already on its way if the
 * sign-in form was filled in. Signing in hands over from the shell to the admin app in place.
 * A browser router (real paths, not #hashes) whose fallback shows 'Unexpected Application Error!',
 * and an error boundary for anything that escapes the pages' own.
 */
import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider, useLocation } from "react-router-dom";
import { ErrorBoundary } from "react-error-boundary";
import { publicRo } from "../i18n/publicRo";
import { useSession } from "./common/useSession";
import { ErrorPanel } from "./pages/ErrorPanel";
import { RouterErrorFallback } from "./pages/RouterErrorFallback";
import { isExpired, session } from "./providers/session";
import { fetchAdminApp } from "./public/adminApp";
import { isPublicPath } from "./public/publicPages";
import { PublicShell } from "./public/PublicShell";

const App = lazy(() => fetchAdminApp().then((module) => ({ default: module.App })));

const restoring = <div style={{ padding: 24, fontFamily: "Roboto, Helvetica, Arial, sans-serif" }}>{publicRo.app.restoring}</div>;

function FrontDoor() {
  const { pathname } = useLocation();
  const current = useSession();
  if ((!current || isExpired(current)) && isPublicPath(pathname)) return <PublicShell />;
  return (
    <Suspense fallback={restoring}>
      <App />
    </Suspense>
  );
}

// A session that expired while the browser was away ends as the admin app ends one: the spec's
// logout clears all of the browser's storage. (On an admin address the admin app does it.)
const stored = session.get();
if (stored && isExpired(stored) && isPublicPath(window.location.pathname)) session.clearAll();

const router = createBrowserRouter([{ path: "*", element: <FrontDoor />, errorElement: <RouterErrorFallback /> }]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ErrorBoundary fallbackRender={({ error }) => <ErrorPanel error={error} />}>
      <RouterProvider router={router} />
    </ErrorBoundary>
  </StrictMode>,
);
