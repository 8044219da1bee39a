/**
 * Reacts to the session ending on its own (spec section 4): when the token expired or the refresh
 * failed, the stored user is already removed and the browser goes to `/`; when the stored user
 * changes and its expiry is already past, the user is logged out through /logout. Otherwise a
 * change (new tokens, possibly written by another tab) re-arms the refresh timer.
 */
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useLogout } from "react-admin";
import { isExpired, session } from "../providers/session";
import { tokenRefresher } from "../providers/tokenRefresher";

export function SessionWatcher() {
  const navigate = useNavigate();
  const logout = useLogout();

  useEffect(() => {
    const unsubscribe = session.subscribe((current, ended) => {
      if (ended) {
        logout({}, "/", false);
      } else if (current && isExpired(current)) {
        navigate("/logout");
      } else if (current) {
        // New tokens, perhaps from another tab: the timer follows the stored expiry.
        tokenRefresher.schedule();
      }
    });
    // Armed after subscribing: a session already expired at start-up must be seen ending.
    tokenRefresher.schedule();
    return unsubscribe;
  }, [logout, navigate]);

  return null;
}
