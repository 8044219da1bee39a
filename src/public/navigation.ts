/**
 * The address as the front door and the public shell see it, without react-router: the browser's
 * own history, read as React state. The shell moves with `navigate`. The admin app runs its own
 * router (App.tsx), which takes the moves over while it runs and tells of its own, so the front
 * door follows every change of address whichever door made it, and a move asked for in the
 * moment between the doors (sign-in, then on to the page asked for) reaches the router that will show it.
 */
import { useSyncExternalStore } from "react";

export interface PageLocation {
  pathname: string;
  search: string;
}

/** What the admin app's router offers (react-router's data router has both). */
export interface HandedRouter {
  navigate: (to: string, options?: NavigateOptions) => unknown;
  subscribe: (listener: () => void) => () => void;
}

/** `replace`: the move takes the place of the current history entry (a sign-in form left behind). */
export interface NavigateOptions {
  replace?: boolean;
}

const listeners = new Set<() => void>();
let routerNavigate: ((to: string, options?: NavigateOptions) => void) | null = null;

function announce(): void {
  for (const listener of [...listeners]) listener();
}

/**
 * Goes to `to` (a path with its query), as a link does: a new history entry, or the same one
 * when it is where the visitor already is (or `replace` asks so).
 */
export function navigate(to: string, options: NavigateOptions = {}): void {
  if (routerNavigate) {
    routerNavigate(to, options);
    return;
  }
  const { pathname, search, hash } = window.location;
  if (options.replace || to === pathname + search + hash) window.history.replaceState(null, "", to);
  else window.history.pushState(null, "", to);
  announce();
}

/** The admin app's router takes the moves over while it runs; the answer gives them back. */
export function handNavigationTo(router: HandedRouter): () => void {
  const go = (to: string, options?: NavigateOptions) => void router.navigate(to, options);
  routerNavigate = go;
  const stopListening = router.subscribe(announce);
  return () => {
    stopListening();
    if (routerNavigate === go) routerNavigate = null;
  };
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener("popstate", listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("popstate", listener);
  };
}

let current: PageLocation = { pathname: "/", search: "" };

function snapshot(): PageLocation {
  const { pathname, search } = window.location;
  if (pathname !== current.pathname || search !== current.search) current = { pathname, search };
  return current;
}

export function useBrowserLocation(): PageLocation {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
