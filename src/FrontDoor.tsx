/**
 * Which front door serves the address: a signed-out visitor of a public page gets the public
 * shell, whose code is the entry's own (index.html preloads all of it); a signed-in user, or any
 * other address, gets the admin app (react-admin, in a router of its own), loaded on demand and
 * already on its way if the sign-in form was filled in. Signing in, or another tab doing so,
 * hands over to the admin app in place; signing out on a public page hands back. A session whose
 * token has expired is no one signed in (the admin app ends it on its own addresses).
 */
import { Suspense, lazy } from "react";
import { publicRo } from "../i18n/publicRo";
import { useSession } from "./common/useSession";
import { isExpired } from "./providers/session";
import { fetchAdminApp } from "./public/adminApp";
import { useBrowserLocation } from "./public/navigation";
import { isPublicPath } from "./public/publicPages";
import { PublicShell } from "./public/PublicShell";

const AdminApp = lazy(() => fetchAdminApp().then((module) => ({ default: module.AdminApp })));

const restoring = <div style={{ padding: 24, fontFamily: "Roboto, Helvetica, Arial, sans-serif" }}>{publicRo.app.restoring}</div>;

export function FrontDoor() {
  const { pathname } = useBrowserLocation();
  const current = useSession();
  if ((!current || isExpired(current)) && isPublicPath(pathname)) return <PublicShell />;
  return (
    <Suspense fallback={restoring}>
      <AdminApp />
    </Suspense>
  );
}
