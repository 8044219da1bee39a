/**
 * The public pages (spec section 2): what a signed-out visitor can open without the admin app.
 * The public shell routes exactly these; main.tsx sends every other address to the admin app,
 * which shows these pages too, to a signed-in user.
 */
import type { ReactElement } from "react";
import { matchPath } from "react-router-dom";
import HeadingPage from "../pages/HeadingPage";
import Landing from "../pages/Landing";
import LegalPage from "../pages/LegalPage";
import Login from "../pages/Login";
import RecoverPassword from "../pages/RecoverPassword";
import SetPassword from "../pages/SetPassword";

export const LOGIN_PAGE = "/login";

export const PUBLIC_PAGES: Array<{ path: string; element: ReactElement }> = [
  { path: "/", element: <Landing /> },
  { path: "/about", element: <HeadingPage messageKey="about.title" /> },
  { path: "/contact", element: <HeadingPage messageKey="contact.title" /> },
  { path: LOGIN_PAGE, element: <Login /> },
  { path: "/recuperare-parola", element: <RecoverPassword /> },
  { path: "/dmz/*", element: <SetPassword /> },
  { path: "/privacy", element: <LegalPage section="privacy" /> },
  { path: "/terms", element: <LegalPage section="terms" /> },
];

export function isPublicPath(pathname: string): boolean {
  return PUBLIC_PAGES.some(({ path }) => matchPath(path, pathname) !== null);
}
