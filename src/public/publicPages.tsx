/**
 * The public pages (spec section 2): what a signed-out visitor can open without the admin app.
 * The public shell shows exactly these; the front door sends every other address to the admin
 * app, which shows these pages too, to a signed-in user (as react-router routes of the same paths).
 */
import { lazy, type ReactElement } from "react";
import About from "../pages/About";
import Landing from "../pages/Landing";
import LegalPage from "../pages/LegalPage";
import Login from "../pages/Login";
import RecoverPassword from "../pages/RecoverPassword";
import { LOGIN_PAGE_PATH } from "../providers/nextPage";

/**
 * Opened from the link in an e-mail, not from these pages: its code (with MUI's full text field,
 * which the shared password form uses) is fetched when it is opened.
 */
const SetPassword = lazy(() => import("../pages/SetPassword"));
/** Reached from the landing's button (its form's multi-line box weighs a little): fetched when opened. */
const Contact = lazy(() => import("../pages/Contact"));

export const LOGIN_PAGE = LOGIN_PAGE_PATH;

export const PUBLIC_PAGES: Array<{ path: string; element: ReactElement }> = [
  { path: "/", element: <Landing /> },
  { path: "/about", element: <About /> },
  { path: "/contact", element: <Contact /> },
  { path: LOGIN_PAGE, element: <Login /> },
  { path: "/recuperare-parola", element: <RecoverPassword /> },
  { path: "/dmz/*", element: <SetPassword /> },
  { path: "/privacy", element: <LegalPage section="privacy" /> },
  { path: "/terms", element: <LegalPage section="terms" /> },
];

/**
 * Whether a route path ('/about', '/dmz/*') matches `pathname` as react-router matches it, so
 * both doors agree on which page an address is: letters in any case, trailing slashes ignored,
 * and '/*' standing for any rest, none included.
 */
export function matchesPath(path: string, pathname: string): boolean {
  const anyRest = path.endsWith("/*");
  const base = (anyRest ? path.slice(0, -2) : path).replace(/\/+$/, "").toLowerCase();
  const at = pathname.replace(/\/+$/, "").toLowerCase();
  return at === base || (anyRest && at.startsWith(`${base}/`));
}

export function publicPageAt(pathname: string): ReactElement | undefined {
  return PUBLIC_PAGES.find(({ path }) => matchesPath(path, pathname))?.element;
}

export function isPublicPath(pathname: string): boolean {
  return publicPageAt(pathname) !== undefined;
}
