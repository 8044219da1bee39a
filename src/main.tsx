/**
 * Boots the SPA: a browser router (real paths, not #hashes) whose fallback shows 'Unexpected
 * Application Error!', opening the front door the address calls for (the public shell or the admin
 * app, FrontDoor.tsx), and an error boundary for anything that escapes the pages' own. The
 * 'Loading...' that index.html shows until now goes as the first screen comes.
 */
import { StrictMode, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { createBrowserRouter, RouterProvider } from "react-router-dom";
import { ErrorBoundary } from "react-error-boundary";
import { FrontDoor } from "./FrontDoor";
import { ErrorPanel } from "./pages/ErrorPanel";
import { RouterErrorFallback } from "./pages/RouterErrorFallback";

function RemoveBootLoading() {
  useLayoutEffect(() => document.getElementById("boot-loading")?.remove(), []);
  return null;
}

const router = createBrowserRouter([{ path: "*", element: <FrontDoor />, errorElement: <RouterErrorFallback /> }]);

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RemoveBootLoading />
    <ErrorBoundary fallbackRender={({ error }) => <ErrorPanel error={error} />}>
      <RouterProvider router={router} />
    </ErrorBoundary>
  </StrictMode>,
);
