/**
 * Follows the stored session inside the admin app (spec section 4): a change (new tokens,
 * perhaps written by another tab, or an expired token found at start-up) re-arms the refresh
 * timer, which refreshes an expired token at once. When the session ends on its own (the refresh
 * refused), react-admin's state is cleared as at sign-out; the front door takes the browser to the
 * sign-in form (FrontDoor.tsx).
 */
import { useEffect } from "react";
import { useLogout } from "react-admin";
import { session } from "../providers/session";
import { tokenRefresher } from "../providers/tokenRefresher";

export function SessionWatcher() {
  const logout = useLogout();

  useEffect(() => {
    const unsubscribe = session.subscribe((current, ended) => {
      if (ended) {
        void logout({}, false);
      } else if (current) {
        // New tokens, perhaps from another tab: the timer follows the stored expiry.
        tokenRefresher.schedule();
      }
    });
    // Armed after subscribing: a token already expired at start-up is refreshed at once.
    tokenRefresher.schedule();
    return unsubscribe;
  }, [logout]);

  return null;
}
