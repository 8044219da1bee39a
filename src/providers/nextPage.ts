/**
 * Where sign-in returns to. A visitor sent to the sign-in form from a page that needs a session
 * (a deep link opened signed out, a session that ended) comes back to that page, path and query,
 * after signing in: the form's address carries it as `?next=`. Whatever `next` holds was written
 * by someone else (a link can be crafted), so only a path of this site is followed: never another
 * origin (`https://…`, `//host`, `/\host`, which browsers read as a host too), never a script URL,
 * and never the sign-in or sign-out pages themselves.
 */
/** The sign-in form. */
export const LOGIN_PAGE_PATH = "/login";
export const NEXT_PARAM = "next";

/** Where a sign-in with no page asked for lands: the signed-in home. */
export const HOME_PAGE = "/";

/** Longer than any address of ours; a longer one is not followed. */
const MAX_NEXT_LENGTH = 2_000;
const PLACEHOLDER_ORIGIN = "https://next.invalid";
/** Going back to these after signing in would sign out again, or show the form again. */
const NOT_A_RETURN = new Set([LOGIN_PAGE_PATH, "/logout"]);

/** The page `raw` names when it is a page of this site to return to (path, query, hash); else undefined. */
export function safeNextPage(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > MAX_NEXT_LENGTH) return undefined;
  // One leading slash and then not a second one or a backslash: a path, not a host.
  if (!/^\/(?![/\\])/.test(raw)) return undefined;
  // Control characters (tabs and line breaks are dropped by URL parsers, so "/\t/evil" would be "//evil").
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f-\u009f]/.test(raw)) return undefined;
  let url: URL;
  try {
    url = new URL(raw, PLACEHOLDER_ORIGIN);
  } catch {
    return undefined;
  }
  if (url.origin !== PLACEHOLDER_ORIGIN) return undefined;
  if (NOT_A_RETURN.has(url.pathname.replace(/\/+$/, "").toLowerCase())) return undefined;
  return url.pathname + url.search + url.hash;
}

/** The page `search` (a `?…` query) asks to return to, checked; else undefined. */
export function nextPageOf(search: string): string | undefined {
  return safeNextPage(new URLSearchParams(search).get(NEXT_PARAM));
}

/** The sign-in form's address that returns to `page` (a path with its query) afterwards. */
export function signInPageFor(page: string): string {
  const next = safeNextPage(page);
  if (!next || next === HOME_PAGE) return LOGIN_PAGE_PATH;
  return `${LOGIN_PAGE_PATH}?${new URLSearchParams({ [NEXT_PARAM]: next })}`;
}
