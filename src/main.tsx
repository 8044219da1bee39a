/**
 * Boots the SPA: the front door the address calls for (the public shell or the admin app,
 * FrontDoor.tsx; real paths, not #hashes), and for a crash outside any page's own error boundary
 * the 'Eroare neașteptată în aplicație!' that the admin app's router shows for its own. The
 * 'Se încarcă…' that index.html shows until now goes as the first screen comes.
 */
import { StrictMode, useLayoutEffect } from "react";
import { createRoot } from "react-dom/client";
import { ErrorBoundary } from "react-error-boundary";
import { FrontDoor } from "./FrontDoor";
import { detailOf, UnexpectedError } from "./pages/UnexpectedError";

function RemoveBootLoading() {
  useLayoutEffect(() => document.getElementById("boot-loading")?.remove(), []);
  return null;
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <RemoveBootLoading />
    <ErrorBoundary fallbackRender={({ error }) => <UnexpectedError detail={detailOf(error)} />}>
      <FrontDoor />
    </ErrorBoundary>
  </StrictMode>,
);
