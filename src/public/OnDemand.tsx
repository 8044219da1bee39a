/**
 * Where a part whose code is fetched when first shown (React.lazy) goes: nothing until it has
 * come, and nothing if it cannot come (offline for a moment), rather than the page giving way to
 * the crash panel for a menu or a passing message.
 */
import { Suspense, type ReactNode } from "react";
import { ErrorBoundary } from "react-error-boundary";

export function OnDemand({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary fallback={null}>
      <Suspense fallback={null}>{children}</Suspense>
    </ErrorBoundary>
  );
}
