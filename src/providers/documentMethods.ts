/**
 * The invoice methods of the data provider (send, lines, PDF, e-mail, cancel, history, import,
 * series) at another document kind's routes: a proforma's are the invoices' routes under its own
 * prefix. Built here, where the HTTP client lives, so screens never hold it.
 */
import { apiPathOf } from "../../contract/paths";
import { createCustomMethods, type CustomMethods } from "./customMethods";
import { httpClient } from "./httpClient";

export function documentMethods(resource: string): CustomMethods {
  return createCustomMethods(httpClient, apiPathOf(resource));
}
