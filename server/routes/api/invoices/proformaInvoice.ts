/**
 * 'Transformă în factură' (POST /api/smartbill/proforma/{id}/invoice): the invoice SmartBill
 * issues from a sent proforma, EXACTLY ONCE, with `useEstimateDetails` (SmartBill takes the
 * client and the products from its proforma).
 *
 * 1. The proforma: the tenant's, issued in SmartBill (sent, numbered), not cancelled there, not
 *    deleted (404 / 409 otherwise).
 * 2. Its invoice row: one per proforma (invoices.proformaId is UNIQUE). Created the first time,
 *    in one transaction, from the proforma's form and lines (issued today, in the invoice series
 *    asked for); found again by every later try, so a double click, two tabs or a retry after a
 *    lost answer all send the same row. A row already issued answers 409 naming its invoice.
 * 3. The row is sent through the invoice's own send (sendInvoice.ts): its claim lets one request
 *    through (the others get 409), SmartBill's refusal leaves it `refused` (the proforma is
 *    unchanged), a lost answer is confirmed first from the proforma's invoices as SmartBill lists
 *    them (GET /estimate/invoices), then from the series, else the row is `unclear` and the next
 *    try checks again before it sends anything.
 * 4. Issued: the invoice's series and number are written with the history of both documents
 *    (the proforma `invoiced`, the invoice `issuedFromProforma`) and the audit row, in the
 *    transaction that marks the invoice sent; then what SmartBill lists for the proforma is read
 *    back (`invoicedAs`), its answer kept when it gives one.
 */
import type { FastifyRequest } from "fastify";
import type { Kysely } from "kysely";
import { INVOICE_DEFAULTS } from "../../../../contract/constants";
import type { InvoiceEventAction } from "../../../../contract/invoiceEvents";
import type { SmartBillImportResult } from "../../../../contract/api";
import type { ProformaInvoiceResult } from "../../../../contract/schemas/proformaInvoice";
import { isUniqueViolation } from "../../../db/connection";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import {
  invoiceIssuedFromProforma,
  proformaAlreadyInvoiced,
  proformaInvoiced,
  proformaInvoiceMessages,
} from "../../../messages";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { romanianDate } from "../../../smartbill/bucharestTime";
import { type SmartBillClient, smartBillClientForTenant } from "../../../smartbill/client";
import type { InvoiceRef } from "../../../smartbill/types";
import type { DateWindow } from "./invoiceDates";
import { outcomeOf, recordInvoiceEvent } from "./invoiceHistory";
import { INVOICE_KIND } from "./documentKinds";
import type { DocumentScope } from "./documentKinds";
import { getInvoice, inScope, insertInvoice } from "./invoices.repository";
import { confirmedFromProforma, invoicesOfProforma } from "./proformaInvoices";
import { sendInvoice } from "./sendInvoice";
import { copiedForm, copiedLines } from "./copiedDocument";

export interface ProformaInvoiceContext {
  db: Kysely<Database>;
  request: FastifyRequest;
  smartBillUrls: SmartBillUrlPolicy;
  /** The issue dates allowed now (the invoice is issued today). */
  issueDates: DateWindow;
}

/** A proforma SmartBill may issue an invoice from. */
interface IssuedProforma {
  id: number;
  tenantId: number;
  ref: InvoiceRef;
}

export async function invoiceFromProforma(
  context: ProformaInvoiceContext,
  proformaId: number,
  seriesName: string | undefined,
): Promise<ProformaInvoiceResult> {
  const { db, request } = context;
  const tenantId = request.tenantId;
  const proforma = await findIssuedProforma(db, tenantId, proformaId);
  const user = { id: request.user.id, email: request.user.email };
  const invoiceId = await invoiceRowOf(context, proforma, seriesName);
  const proformaLabel = `${proforma.ref.seriesName} ${proforma.ref.number}`;

  // The outcome in both documents' histories: what was tried on the proforma, and on its invoice.
  const recordBoth = async (trx: Kysely<Database>, outcome: { outcome: "ok" | "refused" | "failed"; answer: string }, issued?: SmartBillImportResult) => {
    const detail = issued ? { series: issued.series, number: issued.number } : null;
    await recordInvoiceEvent(trx, {
      invoiceId: proforma.id,
      action: "invoiced",
      user,
      ...outcome,
      detail: { invoiceId, ...detail },
    });
    await recordInvoiceEvent(trx, {
      invoiceId,
      action: "issuedFromProforma" satisfies InvoiceEventAction,
      user,
      outcome: outcome.outcome,
      answer: outcome.outcome === "ok" ? invoiceIssuedFromProforma(proforma.ref.seriesName, proforma.ref.number) : outcome.answer,
      detail: { proformaId: proforma.id, series: proforma.ref.seriesName, number: proforma.ref.number },
    });
  };

  let result;
  try {
    result = await sendInvoice(
      db,
      INVOICE_KIND,
      tenantId,
      invoiceId,
      context.smartBillUrls,
      async (trx, issued) => {
        const number = `${issued.series} ${issued.number}`;
        await trx
          .updateTable("invoices")
          .set({ invoicedSeries: issued.series, invoicedNumber: issued.number, updatedAt: timestamp() })
          .where("id", "=", proforma.id)
          .execute();
        await recordBoth(trx, { outcome: "ok", answer: issued.message || proformaInvoiced(issued.series, issued.number) }, issued);
        await request.audit(trx, { target: proforma.id, targetLabel: proformaLabel, result: number });
      },
      {
        issueDates: context.issueDates,
        estimate: { seriesName: proforma.ref.seriesName, number: proforma.ref.number },
        confirmLost: (client) => confirmedFromProforma(client, proforma.ref),
      },
    );
  } catch (error) {
    const ended = outcomeOf(error);
    if (ended) await recordBoth(db, ended);
    throw error;
  }
  const refusal = result.importResult?.errorText;
  if (refusal) await recordBoth(db, { outcome: "refused", answer: refusal });
  else if (result.invoice.status === "sent") await readBackInvoicedAs(context, proforma, result.invoice);

  const proformaNow = await getInvoice(db, { tenantId, documentType: "proforma" }, proforma.id);
  if (!proformaNow) throw new HttpError(404, proformaInvoiceMessages.notFound);
  return {
    proforma: proformaNow,
    invoice: result.invoice,
    importResult: result.importResult ?? { errorText: "", message: "", number: "", series: "", url: "" },
  };
}

/**
 * The plain send (POST /send/{id}) of an invoice row made from a proforma and not issued yet (a
 * refusal, a failure before SmartBill): 409, since it would issue the invoice without
 * useEstimateDetails, unknown to the proforma in SmartBill. 'Transformă în factură' sends it.
 */
export async function refusePlainSendOfProformaInvoice(db: Kysely<Database>, scope: DocumentScope, id: number): Promise<void> {
  const row = await inScope(db.selectFrom("invoices").select(["proformaId", "status"]), scope).where("id", "=", id).executeTakeFirst();
  if (row && row.proformaId !== null && row.status !== "sent") throw new HttpError(409, proformaInvoiceMessages.sendFromProforma);
}

/** The tenant's proforma, issued in SmartBill: 404 when there is none, 409 when it cannot be invoiced. */
async function findIssuedProforma(db: Kysely<Database>, tenantId: number, id: number): Promise<IssuedProforma> {
  const row = await db
    .selectFrom("invoices")
    .select(["id", "tenantId", "status", "sentSeries", "sentNumber", "cancelledAt", "deletedAt"])
    .where("tenantId", "=", tenantId)
    .where("documentType", "=", "proforma")
    .where("id", "=", id)
    .executeTakeFirst();
  if (!row) throw new HttpError(404, proformaInvoiceMessages.notFound);
  if (row.status !== "sent" || !row.sentSeries) throw new HttpError(409, proformaInvoiceMessages.notSent);
  if (!row.sentNumber) throw new HttpError(409, proformaInvoiceMessages.draft);
  if (row.deletedAt) throw new HttpError(409, proformaInvoiceMessages.deleted);
  if (row.cancelledAt) throw new HttpError(409, proformaInvoiceMessages.cancelled);
  return { id: row.id, tenantId: row.tenantId, ref: { seriesName: row.sentSeries, number: row.sentNumber } };
}

/**
 * The proforma's invoice row: the one made by an earlier try, or a new one, made in one
 * transaction; of two tries making it at once, the UNIQUE proformaId keeps one and the other
 * finds it. An issued one answers 409; one not yet sent takes the series asked for now.
 */
async function invoiceRowOf(context: ProformaInvoiceContext, proforma: IssuedProforma, seriesName: string | undefined): Promise<number> {
  const { db } = context;
  // Asked without a series, a try takes the tenant's default, also on a row an earlier try left:
  // a series SmartBill refused there must not stick to every later try.
  const series = seriesName ?? (await defaultInvoiceSeries(db, proforma.tenantId));
  const existing = await findInvoiceOf(db, proforma);
  if (existing) return reuse(db, existing, series);
  try {
    return await db.transaction().execute(async (trx) => {
      const source = await getInvoice(trx, { tenantId: proforma.tenantId, documentType: "proforma" }, proforma.id);
      if (!source) throw new HttpError(404, proformaInvoiceMessages.notFound);
      // A SmartBill draft cannot be checked after a lost answer, nor is it the invoice asked for.
      const form = copiedForm(source, { issueDate: romanianDate(Date.now()), draft: false, seriesName: series });
      const lines = copiedLines(source);
      return insertInvoice(trx, { tenantId: proforma.tenantId, documentType: "invoice" }, form, lines, { proformaId: proforma.id });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const made = await findInvoiceOf(db, proforma);
    if (!made) throw error;
    return reuse(db, made, series);
  }
}

interface InvoiceOfProforma {
  id: number;
  status: string;
  sentSeries: string | null;
  sentNumber: string | null;
}

function findInvoiceOf(db: Kysely<Database>, proforma: IssuedProforma): Promise<InvoiceOfProforma | undefined> {
  return db
    .selectFrom("invoices")
    .select(["id", "status", "sentSeries", "sentNumber"])
    .where("tenantId", "=", proforma.tenantId)
    .where("proformaId", "=", proforma.id)
    .executeTakeFirst();
}

/** An earlier try's row: 409 once issued; the series of this try (asked for, or the default) when it was never sent (draft, refused). */
async function reuse(db: Kysely<Database>, row: InvoiceOfProforma, seriesName: string): Promise<number> {
  if (row.status === "sent") throw new HttpError(409, proformaAlreadyInvoiced(row.sentSeries, row.sentNumber));
  await db
    .updateTable("invoices")
    .set({ seriesName, updatedAt: timestamp() })
    .where("id", "=", row.id)
    .where("status", "in", ["draft", "refused"])
    .execute();
  return row.id;
}

/**
 * The tenant's default invoice series, known without asking SmartBill (every click of a double
 * click gets here before the claim): the series of its last invoice issued, else the product's
 * default. The send checks it against SmartBill's series and names the ones there when it is not.
 */
async function defaultInvoiceSeries(db: Kysely<Database>, tenantId: number): Promise<string> {
  const last = await db
    .selectFrom("invoices")
    .select("sentSeries")
    .where("tenantId", "=", tenantId)
    .where("documentType", "=", "invoice")
    .where("status", "=", "sent")
    .where("sentNumber", "!=", "")
    .where("sentSeries", "is not", null)
    .orderBy("sentAt", "desc")
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return last?.sentSeries ?? INVOICE_DEFAULTS.seriesName;
}

/**
 * What SmartBill lists for the proforma now, kept as its `invoicedAs`: the invoice just issued is
 * on the list. A failed read keeps what the send wrote (SmartBill's own answer to it).
 */
async function readBackInvoicedAs(
  context: ProformaInvoiceContext,
  proforma: IssuedProforma,
  issued: { sentSeries: string | null; sentNumber: string | null },
): Promise<void> {
  let client: SmartBillClient;
  try {
    client = await smartBillClientForTenant(context.db, proforma.tenantId, context.smartBillUrls);
  } catch {
    return;
  }
  const listed = await invoicesOfProforma(client, proforma.ref).catch(() => undefined);
  // SmartBill lists every invoice made from the proforma (some perhaps on its own site): ours first.
  const numbered = (listed ?? []).filter((invoice) => invoice.number);
  const invoiced = numbered.find((invoice) => invoice.series === issued.sentSeries && invoice.number === issued.sentNumber) ?? numbered[0];
  if (!invoiced) return;
  await context.db
    .updateTable("invoices")
    .set({ invoicedSeries: invoiced.series, invoicedNumber: invoiced.number })
    .where("id", "=", proforma.id)
    .execute();
}
