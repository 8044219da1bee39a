/**
 * /login in the admin app, for a user already signed in (another tab signed in, or the form's
 * own sign-in handing over): on to the page the form was asked to return to, else home. Signed
 * out, nothing: the front door shows the public sign-in form instead.
 */
import { Navigate, useLocation } from "react-router-dom";
import { useSession } from "../common/useSession";
import { HOME_PAGE, nextPageOf } from "../providers/nextPage";

export default function SignedInLogin() {
  const { search } = useLocation();
  if (!useSession()) return null;
  return <Navigate to={nextPageOf(search) ?? HOME_PAGE} replace />;
}
