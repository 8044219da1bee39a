/**
 * The app as a table of contents: providers, then one <Resource> per line, then the custom
 * routes (public pages, session pages, and the spec's URLs redirecting to the resources).
 * Pages are loaded on demand, so `/` and `/login` fetch only what they show.
 */
import { lazy } from "react";
import { Route } from "react-router-dom";
import { Admin, CustomRoutes, Resource } from "react-admin";
import { i18nProvider } from "../i18n/i18nProvider";
import { Layout } from "./layout/Layout";
import { NotFound } from "./pages/NotFound";
import { authProvider } from "./providers/authProvider";
import { dataProvider } from "./providers/dataProvider";
import { SMARTBILL_CONNECTION_PAGE } from "./smartbillConnection/connectionApi";
import { specRedirectRoutes } from "./specRoutes";
import { theme } from "./theme";
import { tenants } from "./tenants";
import { users } from "./users";
import { properties } from "./properties";
import { invoices } from "./invoices";
import { customers } from "./customers";
import { stock } from "./stock";
import { warehouses } from "./warehouses";
import { tasks } from "./tasks";

const Landing = lazy(() => import("./pages/Landing"));
const HeadingPage = lazy(() => import("./pages/HeadingPage"));
const Login = lazy(() => import("./pages/Login"));
const Logout = lazy(() => import("./pages/Logout"));
const Profile = lazy(() => import("./pages/Profile"));
const RecoverPassword = lazy(() => import("./pages/RecoverPassword"));
const ChangePassword = lazy(() => import("./pages/ChangePassword"));
const SetPassword = lazy(() => import("./pages/SetPassword"));
const LegalPage = lazy(() => import("./pages/LegalPage"));
const SmartBillConnectionScreen = lazy(() => import("./smartbillConnection/SmartBillConnectionScreen"));

export function App() {
  return (
    <Admin
      title="app.title"
      dataProvider={dataProvider}
      authProvider={authProvider}
      i18nProvider={i18nProvider}
      layout={Layout}
      theme={theme}
      loginPage={false}
      catchAll={NotFound}
      accessDenied={NotFound}
      disableTelemetry
    >
      <Resource {...tenants} />
      <Resource {...users} />
      <Resource {...properties} />
      <Resource {...invoices} />
      <Resource {...customers} />
      <Resource {...stock} />
      <Resource {...warehouses} />
      <Resource {...tasks} />
      <CustomRoutes>
        <Route path="/" element={<Landing />} />
        <Route path="/about" element={<HeadingPage messageKey="about.title" />} />
        <Route path="/contact" element={<HeadingPage messageKey="contact.title" />} />
        <Route path="/login" element={<Login />} />
        <Route path="/logout" element={<Logout />} />
        <Route path="/profile" element={<Profile />} />
        <Route path="/recuperare-parola" element={<RecoverPassword />} />
        <Route path="/schimbare-parola" element={<ChangePassword />} />
        <Route path="/dmz/*" element={<SetPassword />} />
        <Route path="/privacy" element={<LegalPage section="privacy" />} />
        <Route path="/terms" element={<LegalPage section="terms" />} />
        <Route path={SMARTBILL_CONNECTION_PAGE} element={<SmartBillConnectionScreen />} />
        {specRedirectRoutes}
      </CustomRoutes>
    </Admin>
  );
}
