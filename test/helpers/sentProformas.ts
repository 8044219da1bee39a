/**
 * Sent proformas for the proforma tests: a draft invoice row of the helpers (sentInvoices.ts)
 * turned into a proforma in the proforma series, then sent through POST
 * /api/smartbill/proforma/send/{id} to the app's own SmartBill emulator, as a clerk would.
 */
import { expect } from "vitest";
import type { InvoiceSendResult, LoginResponse } from "../../contract/api";
import { addDraftInvoice } from "./sentInvoices";
import type { TestApp } from "./testApp";

/** The demo company's proforma series (demoData.ts). */
export const PROFORMA_SERIES = "SBL-PF";

/** A proforma not yet sent, written straight into the database; answers its id. */
export async function addDraftProforma(t: TestApp, clientId: number, options: Parameters<typeof addDraftInvoice>[2] = {}): Promise<number> {
  const id = await addDraftInvoice(t, clientId, options);
  await t.db.updateTable("invoices").set({ documentType: "proforma", seriesName: PROFORMA_SERIES }).where("id", "=", id).execute();
  return id;
}

/** A proforma, sent: SmartBill issued it. Answers its id. */
export async function addSentProforma(t: TestApp, session: LoginResponse, clientId: number, options: Parameters<typeof addDraftInvoice>[2] = {}): Promise<number> {
  const id = await addDraftProforma(t, clientId, options);
  const response = await t.api("POST", `/api/smartbill/proforma/send/${id}`, { session });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<InvoiceSendResult>().invoice.status).toBe("sent");
  return id;
}
