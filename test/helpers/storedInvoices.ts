/**
 * Documents as SmartBill left them, written straight into the database (no emulator): a sent
 * invoice or proforma with one line of the given total (no VAT, so the totals are the numbers
 * written), its state (cancelled, deleted, paid in SmartBill, …) and payments, each followed by
 * recountReceivable() as the app's writes do. For the figures' tests, which need many documents
 * on chosen days; the rule itself is tested through the real routes (receivable.test.ts).
 */
import type { Insertable, Kysely } from "kysely";
import type { Database, InvoicesTable } from "../../server/db/database";
import { timestamp } from "../../server/db/timestamps";
import { recountReceivable } from "../../server/routes/api/invoices/receivable";
import { DEMO_TENANT } from "./sentInvoices";

export interface StoredDocument {
  tenantId?: number;
  clientId: number | null;
  issueDate: string;
  /** With VAT; negative for a storno. */
  total: number;
  currency?: string;
  dueDays?: number;
  documentType?: "invoice" | "proforma";
  seriesName?: string;
  /** Anything else the row holds (status, cancelledAt, paymentTotal, …). */
  values?: Partial<Insertable<InvoicesTable>>;
}

let number = 0;

/** Answers the document's id. */
export async function addStoredDocument(db: Kysely<Database>, document: StoredDocument): Promise<number> {
  const now = timestamp();
  const currency = document.currency ?? "RON";
  const seriesName = document.seriesName ?? (document.documentType === "proforma" ? "SBL-PF" : "SBL");
  number += 1;
  const { id } = await db
    .insertInto("invoices")
    .values({
      tenantId: document.tenantId ?? DEMO_TENANT,
      clientId: document.clientId,
      warehouseId: null,
      issueDate: document.issueDate,
      dueDays: document.dueDays ?? 10,
      useStock: 0,
      draft: 0,
      saveToDb: 0,
      seriesName,
      documentType: document.documentType ?? "invoice",
      currency,
      language: "RO",
      precision: 2,
      status: "sent",
      sendSeriesNextNumber: null,
      sendStartedAt: null,
      sentSeries: seriesName,
      sentNumber: String(number).padStart(4, "0"),
      sentMessage: "",
      sentUrl: "",
      errorText: null,
      sentAt: now,
      createdAt: now,
      updatedAt: now,
      ...document.values,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await db
    .insertInto("invoice_lines")
    .values({
      invoiceId: id,
      name: "Serviciu",
      code: "SRV",
      quantity: Math.sign(document.total) || 1,
      price: Math.abs(document.total),
      measuringUnitName: "buc",
      currency,
      taxName: "Scutit",
      taxPercentage: 0,
      saveToDb: 0,
      service: 1,
      warehouseName: "",
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  await recountReceivable(db, id);
  return id;
}

/** Changes the stored document (cancelled, reversed, paid in SmartBill, …) and recounts it, as the app's writes do. */
export async function updateStoredDocument(db: Kysely<Database>, id: number, values: Partial<Insertable<InvoicesTable>>): Promise<void> {
  await db.updateTable("invoices").set(values).where("id", "=", id).execute();
  await recountReceivable(db, id);
}

/** A payment recorded through us (or one deleted since), with the invoice's tenant and currency. */
export async function addStoredPayment(
  db: Kysely<Database>,
  invoiceId: number,
  amount: number,
  date: string,
  status: "recorded" | "deleted" = "recorded",
): Promise<void> {
  const now = timestamp();
  const invoice = await db.selectFrom("invoices").select(["tenantId", "currency"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
  await db
    .insertInto("invoice_payments")
    .values({
      invoiceId,
      tenantId: invoice.tenantId,
      currency: invoice.currency,
      requestId: `${invoiceId}-${amount}-${date}-${Math.random()}`,
      amount,
      date,
      type: "Ordin plata",
      status,
      clientName: "Client",
      clientCif: "RO1",
      paidBefore: null,
      startedAt: now,
      unclearAt: null,
      receiptSeries: null,
      receiptNumber: null,
      userId: null,
      userEmail: "facturare@demo.ro",
      createdAt: now,
      recordedAt: now,
      deletedAt: status === "deleted" ? now : null,
    })
    .execute();
  await recountReceivable(db, invoiceId);
}
