/**
 * The admin app as a table of contents: providers, then the resources (resources.ts, in order),
 * then the custom routes (the public pages for a signed-in user, session pages, and the spec's URLs
 * redirecting to the resources); then AdminApp, the router it runs in. A signed-out visitor of a public page
 * never loads it (FrontDoor.tsx); its screens are loaded on demand.
 */
import { lazy, useLayoutEffect, useState, type ReactNode } from "react";
import { createBrowserRouter, Route, RouterProvider } from "react-router-dom";
import { Admin, CustomRoutes, Resource } from "react-admin";
import { i18nProvider } from "../i18n/i18nProvider";
import { Layout } from "./layout/Layout";
import { AccessDenied } from "./pages/AccessDenied";
import { AdminPageFrame } from "./pages/AdminPageFrame";
import { NotFound } from "./pages/NotFound";
import { RouterErrorFallback } from "./pages/RouterErrorFallback";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { HOME_PAGE } from "./providers/nextPage";
import { handNavigationTo } from "./public/navigation";
import { LOGIN_PAGE, PUBLIC_PAGES } from "./public/publicPages";
import { SMARTBILL_CONNECTION_PAGE } from "./smartbillConnection/connectionApi";
import { EFACTURA_CONNECTION_PAGE } from "../contract/efacturaConnection";
import { specRedirectRoutes } from "./specRoutes";
import { RESOURCES } from "./resources";
import { theme } from "./theme";

const Home = lazy(() => import("./pages/Home"));
const SignedInLogin = lazy(() => import("./pages/SignedInLogin"));
const Logout = lazy(() => import("./pages/Logout"));
const Profile = lazy(() => import("./pages/Profile"));
const ChangePassword = lazy(() => import("./pages/ChangePassword"));
const SmartBillConnectionScreen = lazy(() => import("./smartbillConnection/SmartBillConnectionScreen"));
const EfacturaConnectionScreen = lazy(() => import("./efactura/EfacturaConnectionScreen"));

/** The admin app's frame, with the page frame the public pages and the shared cards speak through. */
function FramedLayout({ children }: { children: ReactNode }) {
  return (
    <Layout>
      <AdminPageFrame>{children}</AdminPageFrame>
    </Layout>
  );
}

export function App() {
  return (
    <Admin
      title="app.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={FramedLayout}
      theme={theme}
      loginPage={false}
      catchAll={NotFound}
      accessDenied={AccessDenied}
      disableTelemetry
    >
      {RESOURCES.map((resource) => (
        <Resource key={resource.name} {...resource} />
      ))}
      <CustomRoutes>
        {PUBLIC_PAGES.filter(({ path }) => path !== LOGIN_PAGE && path !== HOME_PAGE).map(({ path, element }) => (
          <Route key={path} path={path} element={element} />
        ))}
        {/* Signed in, `/` is the user's home and /login goes on (signed out, the public shell shows the landing and the form). */}
        <Route path={HOME_PAGE} element={<Home />} />
        <Route path={LOGIN_PAGE} element={<SignedInLogin />} />
        <Route path="/logout" element={<Logout />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/schimbare-parola" element={<ChangePassword />} />
        <Route path={SMARTBILL_CONNECTION_PAGE} element={<SmartBillConnectionScreen />} />
        <Route path={EFACTURA_CONNECTION_PAGE} element={<EfacturaConnectionScreen />} />
        {specRedirectRoutes}
      </CustomRoutes>
    </Admin>
  );
}

type DataRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The admin app in a browser router of its own (a data router: react-admin's unsaved-changes
 * guard needs one), whose fallback shows 'Eroare neașteptată în aplicație!'. Made when the admin app
 * opens, at the address of that moment, and ended when it closes (signing out hands back to the
 * public shell, which has no router); meanwhile it takes the shell's moves and tells the front
 * door of its own (public/navigation.ts).
 */
export function AdminApp() {
  const [router, setRouter] = useState<DataRouter | null>(null);
  // Before the first paint, so no blank frame shows between 'Se încarcă…' and the app.
  useLayoutEffect(() => {
    const made = createBrowserRouter([{ path: "*", element: <App />, errorElement: <RouterErrorFallback /> }]);
    const giveBack = handNavigationTo(made);
    setRouter(made);
    return () => {
      giveBack();
      made.dispose();
    };
  }, []);
  return router && <RouterProvider router={router} />;
}
