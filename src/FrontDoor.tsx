/**
 * Which front door serves the address: a signed-out visitor of a public page gets the public
 * shell, whose code is the entry's own (index.html preloads all of it); a signed-in user, or any
 * other address, gets the admin app (react-admin, in a router of its own), loaded on demand and
 * already on its way if the sign-in form was filled in. Signing in, or another tab doing so,
 * hands over to the admin app in place; signing out on a public page hands back.
 *
 * A stored session whose access token has expired (the browser was closed for a while) is still
 * someone signed in: its refresh token lives on, and the admin app refreshes before its first
 * call. When a session ends without the user asking (the refresh refused), the browser goes to
 * the sign-in form, which returns to the page afterwards.
 */
import { Suspense, lazy, useEffect } from "react";
import { publicRo } from "../i18n/publicRo";
import { useSession } from "./common/useSession";
import { signInPageFor } from "./providers/nextPage";
import { session } from "./providers/session";
import { fetchAdminApp } from "./public/adminApp";
import { navigate, useBrowserLocation } from "./public/navigation";
import { isPublicPath, LOGIN_PAGE, matchesPath } from "./public/publicPages";
import { PublicShell } from "./public/PublicShell";

const AdminApp = lazy(() => fetchAdminApp().then((module) => ({ default: module.AdminApp })));

const restoring = <div style={{ padding: 24, fontFamily: "Roboto, Helvetica, Arial, sans-serif" }}>{publicRo.app.restoring}</div>;

/** A session that ended on its own: to the sign-in form, which brings the user back here. */
function goToSignInWhenSessionEnds(): () => void {
  return session.subscribe((_current, ended) => {
    const { pathname, search } = window.location;
    if (ended && !matchesPath(LOGIN_PAGE, pathname)) navigate(signInPageFor(pathname + search));
  });
}

export function FrontDoor() {
  const { pathname } = useBrowserLocation();
  const current = useSession();
  useEffect(goToSignInWhenSessionEnds, []);
  if (!current && isPublicPath(pathname)) return <PublicShell />;
  return (
    <Suspense fallback={restoring}>
      <AdminApp />
    </Suspense>
  );
}
