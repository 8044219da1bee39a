/**
 * Sent invoices for the after-send tests: a customer and an imported invoice written straight
 * into the database, then sent through POST /api/smartbill/invoice/send/{id} to the app's own
 * SmartBill emulator (liveApp), as a clerk would.
 */
import { expect } from "vitest";
import type { InvoiceSendResult, LoginResponse } from "../../contract/api";
import type { DocumentType } from "../../contract/documentKinds";
import { timestamp } from "../../server/db/timestamps";
import type { TestApp } from "./testApp";

export const DEMO_TENANT = 2;

/** A customer of the tenant; answers its id. */
export async function addCustomer(t: TestApp, tenantId = DEMO_TENANT, cif = "RO12345678"): Promise<number> {
  const now = timestamp();
  const { id } = await t.db
    .insertInto("customers")
    .values({
      tenantId,
      clientName: `Client ${cif} SRL`,
      cif,
      regCom: "J40/123/2020",
      codClient: `C-${cif}`,
      adresa: "Str. Exemplu 1",
      localitate: "Sector 1",
      judet: "Bucuresti",
      banca: "",
      iban: "",
      tara: "",
      email: "contact@exemplu.ro",
      persContact: "",
      telefon: "",
      mentions: null,
      observations: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return id;
}

export interface NewLine {
  name: string;
  code: string;
  quantity: number;
  price: number;
}

/** 2 × 50 + 21% VAT = 121.00 RON: SmartBill's total of the default invoice. */
export const DEFAULT_LINES: readonly NewLine[] = [{ name: "Serviciu consultanță", code: "SRV1", quantity: 2, price: 50 }];

/** An imported draft invoice (no stock; or a proforma, with `documentType`), written straight into the database; answers its id. */
export async function addDraftInvoice(
  t: TestApp,
  clientId: number,
  {
    tenantId = DEMO_TENANT,
    issueDate = "2026-08-31",
    lines = DEFAULT_LINES,
    documentType = "invoice",
    seriesName = documentType === "proforma" ? "SBL-PF" : "SBL",
  }: { tenantId?: number; issueDate?: string; lines?: readonly NewLine[]; documentType?: DocumentType; seriesName?: string } = {},
): Promise<number> {
  const now = timestamp();
  const { id } = await t.db
    .insertInto("invoices")
    .values({
      tenantId,
      clientId,
      warehouseId: null,
      issueDate,
      dueDays: 14,
      useStock: 0,
      mentions: "Comanda 42",
      observations: "",
      draft: 0,
      saveToDb: 0,
      seriesName,
      documentType,
      currency: "RON",
      language: "RO",
      precision: 2,
      status: "draft",
      sendSeriesNextNumber: null,
      sendStartedAt: null,
      sentSeries: null,
      sentNumber: null,
      sentMessage: null,
      sentUrl: null,
      errorText: null,
      sentAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  await t.db
    .insertInto("invoice_lines")
    .values(
      lines.map((line) => ({
        invoiceId: id,
        ...line,
        measuringUnitName: "buc",
        currency: "RON",
        taxName: "Normala",
        taxPercentage: 21,
        saveToDb: 0,
        service: 1,
        warehouseName: "",
        createdAt: now,
        updatedAt: now,
      })),
    )
    .execute();
  return id;
}

/** A draft invoice, sent: SmartBill issued it. Answers its id. */
export async function addSentInvoice(t: TestApp, session: LoginResponse, clientId: number, options: Parameters<typeof addDraftInvoice>[2] = {}): Promise<number> {
  const id = await addDraftInvoice(t, clientId, options);
  const response = await t.api("POST", `/api/smartbill/invoice/send/${id}`, { session });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json<InvoiceSendResult>().invoice.status).toBe("sent");
  return id;
}
