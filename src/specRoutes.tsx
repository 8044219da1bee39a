/**
 * The spec's URLs (section 2) lead to the resources' own routes: react-admin keeps one path per
 * resource (`/tenants`, `/invoices/:id`), and every path of the spec's table still opens its
 * screen by redirect, with the same access rules. A resource added since names its own addresses
 * in its definition (`redirects`, e.g. the catalogue's `/smartbill/products`), so adding one
 * needs no line here.
 */
import { generatePath, Navigate, Route, useLocation, useParams } from "react-router-dom";
import { RESOURCES } from "./resources";

/** The spec's route table (section 2). */
const SPEC_TABLE: Array<[from: string, to: string]> = [
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

export const SPEC_REDIRECTS: Array<[from: string, to: string]> = [
  ...SPEC_TABLE,
  ...RESOURCES.flatMap(({ name, redirects = {} }) =>
    Object.entries(redirects).map(([from, page]): [string, string] => [from, page ? `/${name}/${page}` : `/${name}`]),
  ),
];

/** Keeps the address's query: a deep link's filter or page, or a sign-in's return, survives the move. */
function Redirect({ to }: { to: string }) {
  const params = useParams();
  const { search } = useLocation();
  return <Navigate to={{ pathname: generatePath(to, params), search }} replace />;
}

export const specRedirectRoutes = SPEC_REDIRECTS.map(([from, to]) => (
  <Route key={from} path={from} element={<Redirect to={to} />} />
));
