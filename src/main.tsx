/**
 * Boots the SPA: a browser router (real paths, not #hashes) whose fallback shows 'Unexpected
 * Application Error!', and an error boundary for anything that escapes react-admin's own.
 */
import { StrictMode, Suspense, lazy } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { ErrorBoundary } from "react-error-boundary";
import { ro } from "../i18n/ro";
import { ErrorPanel } from "./pages/ErrorPanel";
import { RouterErrorFallback } from "./pages/RouterErrorFallback";

const App = lazy(() => import("./App").then((module) => ({ default: module.App })));

const restoring = <div style={{ padding: 24, fontFamily: "Roboto, Helvetica, Arial, sans-serif" }}>{ro.app.restoring}</div>;

const router = createBrowserRouter([
  {
    path: "*",
    element: (
      <Suspense fallback={restoring}>
        <App />
      </Suspense>
    ),
    errorElement: <RouterErrorFallback />,
  },
]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <ErrorBoundary fallbackRender={({ error }) => <ErrorPanel error={error} />}>
      <RouterProvider router={router} />
    </ErrorBoundary>
  </StrictMode>,
);
