/**
 * What a page that needs a session shows to a visitor without one: nothing, while the browser
 * goes to the sign-in form, which returns here (path and query) afterwards.
 */
import { Navigate, useLocation } from "react-router-dom";
import { signInPageFor } from "../providers/nextPage";

export function SignInFirst() {
  const { pathname, search } = useLocation();
  return <Navigate to={signInPageFor(pathname + search)} replace />;
}
