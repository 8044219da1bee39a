/**
 * The invoice's buyer as e-Factura will judge it (contract/buyerProblems.ts), read for the
 * invoice's screen before 'Trimite Factura' and again by the send that goes ahead despite it.
 * An invoice holds no client data of its own, only its customer: one it lacks (never chosen, or
 * deleted since) is the one problem.
 *
 * ANAF's last known state of the customer's CUI comes through `lastKnownAnafState`, so the check
 * stays free of how and where ANAF's answers are kept.
 */
import type { Kysely } from "kysely";
import type { BuyerCheck } from "../../../../contract/api";
import { type BuyerAnafState, buyerProblems, NO_CUSTOMER_PROBLEM } from "../../../../contract/buyerProblems";
import { cuiOf } from "../../../../contract/cif";
import { lastKnownStates } from "../../../anaf";
import type { Database } from "../../../db/database";
import type { DocumentScope } from "./documentKinds";
import { findInvoiceClient, inScope } from "./invoices.repository";

/** What ANAF last said of a CUI (digits), never asking ANAF itself; null when it was never asked. */
export type LastKnownAnafState = (db: Kysely<Database>, cui: string) => Promise<BuyerAnafState | null>;

/** ANAF's last answer for the CUI as kept (server/anaf), however old: the check judges its age. */
export const keptAnafState: LastKnownAnafState = async (db, cui) => (await lastKnownStates(db, [cui])).get(cui) ?? null;

/** The check of the document's customer; undefined when the scope has no such document. */
export async function invoiceBuyerCheck(
  db: Kysely<Database>,
  scope: DocumentScope,
  invoiceId: number,
  lastKnownAnafState: LastKnownAnafState,
): Promise<BuyerCheck | undefined> {
  const invoice = await inScope(db.selectFrom("invoices").select("clientId"), scope).where("id", "=", invoiceId).executeTakeFirst();
  if (!invoice) return undefined;
  const customer = invoice.clientId === null ? undefined : await findInvoiceClient(db, scope.tenantId, invoice.clientId);
  if (!customer) return { customerId: null, problems: [NO_CUSTOMER_PROBLEM] };
  const cui = cuiOf(customer.cif);
  const anaf = cui ? await lastKnownAnafState(db, cui) : null;
  return { customerId: customer.id, problems: buyerProblems(customer, anaf) };
}
