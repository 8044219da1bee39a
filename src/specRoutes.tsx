/**
 * The spec's URLs (section 2) lead to the resources' own routes: react-admin keeps one path per
 * resource (`/tenants`, `/invoices/:id`), and every path of the spec's table still opens its
 * screen by redirect, with the same access rules.
 */
import { generatePath, Navigate, Route, useParams } from "react-router-dom";

export const SPEC_REDIRECTS: Array<[from: string, to: string]> = [
  ["/admin/tenants", "/tenants"],
  ["/admin/users", "/users"],
  ["/admin/properties", "/properties"],
  ["/smartbill/invoice", "/invoices/import"],
  ["/smartbill/invoice/import", "/invoices/import"],
  ["/smartbill/invoices", "/invoices"],
  ["/smartbill/invoice/edit/:id", "/invoices/:id"],
  ["/smartbill/customers", "/customers"],
  ["/smartbill/customers/import", "/customers/import"],
  ["/smartbill/stock", "/stock"],
  ["/smartbill/stock/import", "/stock/import"],
  ["/smartbill/warehouse", "/warehouses"],
];

function Redirect({ to }: { to: string }) {
  const params = useParams();
  return <Navigate to={generatePath(to, params)} replace />;
}

export const specRedirectRoutes = SPEC_REDIRECTS.map(([from, to]) => (
  <Route key={from} path={from} element={<Redirect to={to} />} />
));
