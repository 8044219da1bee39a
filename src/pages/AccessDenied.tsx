/**
 * react-admin's page for a resource the user may not open: signed out, the sign-in form (which
 * returns here); signed in, 'Pagină Inexistentă', so restricted routes look like routes that do
 * not exist (spec section 2).
 */
import { useSession } from "../common/useSession";
import { NotFound } from "./NotFound";
import { SignInFirst } from "./SignInFirst";

export function AccessDenied() {
  return useSession() ? <NotFound /> : <SignInFirst />;
}
