/**
 * The demo company's data in the app (demo mode, DEMO_DATA on, an empty database; run inside the
 * seed's transaction): what a visitor needs to see a working product, written the way the product
 * itself writes it —
 *
 * - the customers, as an import writes them (queued for the text index);
 * - 'Depozit Central' and its stock as a stock import brings it from the emulator (after the demo
 *   invoices took theirs), with the catalogue the import keeps, then priced and taxed;
 * - the invoices: sent ones with SmartBill's numbers, totals and payments (status, payment rows,
 *   history) as a send and 'Înregistrează încasare' record them; the refused one with SmartBill's
 *   refusal; one request not sent yet.
 *
 * Numbers, totals, payments and the refusal come from the emulator's demo history
 * (smartbill/emulator/demoData.ts), the very state the emulator starts from, so the two agree.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { INVOICE_DEFAULTS } from "../../contract/constants";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";
import { paymentRecorded } from "../messages";
import { customerBatches, upsertCustomers } from "../routes/api/customers/customers.repository";
import { insertInvoice } from "../routes/api/invoices/invoices.repository";
import { recountReceivable } from "../routes/api/invoices/receivable";
import { keepCatalogueFromStock } from "../routes/api/products/products.repository";
import { replaceWarehouseStock } from "../routes/api/stock/stock.repository";
import { insertWarehouse } from "../routes/api/warehouses/warehouses.repository";
import { checkProducts } from "../tasks/kinds/stockImport";
import { romanianDate } from "../smartbill/bucharestTime";
import { demoHistory, demoRefusal, type IssuedDemoInvoice } from "../smartbill/emulator/demoData";
import { queryStocks } from "../smartbill/emulator/stocks";
import { errorTextToPlain } from "../smartbill/errorText";
import {
  DEMO_CATALOGUE,
  DEMO_CUSTOMERS,
  DEMO_INVOICE_WAREHOUSE,
  DEMO_INVOICES,
  DEMO_SMARTBILL_ACCOUNT,
  DEMO_STOCK,
  demoCustomer,
  demoMoment,
} from "./demoCompany";
import { demoInvoiceForm, demoInvoiceLines, demoTaxPercentage } from "./demoInvoices";

/** Who sent the demo's invoices and recorded their payments: the demo's invoicing user. */
const DEMO_CLERK = DEMO_SMARTBILL_ACCOUNT.username;

/** A demo invoice's or payment's time, as stored. */
const at = (date: string, minutes = 0) => timestamp(demoMoment(date, minutes));

export async function seedDemoCompany(trx: Kysely<Database>, tenantId: number, now = Date.now()): Promise<void> {
  const history = demoHistory();
  const today = romanianDate(now);

  await upsertCustomers(trx, tenantId, customerBatches(DEMO_CUSTOMERS));
  const customerIds = new Map(
    (await trx.selectFrom("customers").select(["id", "codClient"]).where("tenantId", "=", tenantId).execute()).map((row) => [row.codClient, row.id]),
  );

  const type = DEMO_STOCK.find((warehouse) => warehouse.name === DEMO_INVOICE_WAREHOUSE)!.type;
  const warehouse = await insertWarehouse(trx, tenantId, { warehouseName: DEMO_INVOICE_WAREHOUSE, warehouseType: type });
  const stock = queryStocks(history.company, { date: today, warehouseName: DEMO_INVOICE_WAREHOUSE, productName: "", productCode: "" });
  if (!stock.ok) throw new Error(`the emulator has no demo warehouse: ${stock.errorText}`);
  const { rows, problems } = checkProducts(
    stock.list.flatMap((entry) => entry.products.map((product) => ({ ...product, quantity: Number(product.quantity) }))),
  );
  if (problems.length > 0) throw new Error(`the demo stock is wrong: ${problems.join(" ")}`);
  await replaceWarehouseStock(trx, tenantId, warehouse.id, rows);
  await keepCatalogueFromStock(trx, tenantId, rows, { name: "Normala", percentage: demoTaxPercentage("Normala") });
  await priceCatalogue(trx, tenantId);

  const clerk = await trx.selectFrom("users").select("id").where("email", "=", DEMO_CLERK).executeTakeFirst();
  const user = { userId: clerk?.id ?? null, userEmail: DEMO_CLERK };
  const sent = [...history.sent];
  for (const demo of DEMO_INVOICES) {
    const issueDate = demo.issueDate ?? today;
    const clientId = customerIds.get(demo.client);
    if (clientId === undefined) throw new Error(`the demo has no customer ${demo.client}`);
    const form = { ...demoInvoiceForm(demo, issueDate), clientId, warehouseId: warehouse.id };
    const id = await insertInvoice(trx, { tenantId, documentType: "invoice" }, form, demoInvoiceLines(demo));
    if (demo.state === "sent") {
      await recordSent(trx, id, sent.shift()!, user);
    } else if (demo.state === "refused") {
      const refusal = errorTextToPlain(demoRefusal(history.company, demo, issueDate));
      await trx.updateTable("invoices").set({ status: "refused", errorText: refusal }).where("id", "=", id).execute();
      await trx
        .insertInto("invoice_events")
        .values({ invoiceId: id, action: "send", outcome: "refused", ...user, answer: refusal, detail: null, createdAt: timestamp(now) })
        .execute();
    }
  }
}

/** The catalogue's prices and taxes (the stock import leaves new products at price 0), and the products no stock holds. */
async function priceCatalogue(trx: Kysely<Database>, tenantId: number): Promise<void> {
  const now = timestamp();
  for (const product of DEMO_CATALOGUE) {
    const priced = {
      name: product.name,
      unit: product.unit,
      price: product.price,
      currency: INVOICE_DEFAULTS.currency,
      taxName: product.taxName,
      taxPercentage: demoTaxPercentage(product.taxName),
      isService: product.isService ? 1 : 0,
      updatedAt: now,
    };
    await trx
      .insertInto("products")
      .values({ tenantId, code: product.code, ...priced, createdAt: now })
      .onConflict((conflict) => conflict.columns(["tenantId", "code"]).doUpdateSet(priced))
      .execute();
  }
}

/** What a send that SmartBill issued, and each payment recorded since, leave on the invoice. */
async function recordSent(
  trx: Kysely<Database>,
  invoiceId: number,
  issued: IssuedDemoInvoice,
  user: { userId: number | null; userEmail: string },
): Promise<void> {
  const issueDate = issued.demo.issueDate!;
  const sentAt = at(issueDate, 5);
  const lastPayment = issued.payments.at(-1);
  await trx
    .updateTable("invoices")
    .set({
      status: "sent",
      sendStartedAt: sentAt,
      sendSeriesNextNumber: Number(issued.number),
      sentSeries: issued.series,
      sentNumber: issued.number,
      sentMessage: "",
      sentUrl: "",
      errorText: null,
      sentAt,
      createdAt: at(issueDate),
      updatedAt: sentAt,
      paymentTotal: issued.total,
      paymentPaid: issued.paid,
      paymentCheckedAt: lastPayment ? at(lastPayment.date) : sentAt,
    })
    .where("id", "=", invoiceId)
    .execute();
  await trx
    .insertInto("invoice_events")
    .values({
      invoiceId,
      action: "send",
      outcome: "ok",
      ...user,
      answer: null,
      detail: JSON.stringify({ series: issued.series, number: issued.number }),
      createdAt: sentAt,
    })
    .execute();

  const client = demoCustomer(issued.demo.client);
  const owner = await trx.selectFrom("invoices").select(["tenantId", "currency"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
  let paidBefore = 0;
  for (const payment of issued.payments) {
    const recordedAt = at(payment.date);
    const requestId = randomUUID();
    await trx
      .insertInto("invoice_payments")
      .values({
        invoiceId,
        tenantId: owner.tenantId,
        currency: owner.currency,
        requestId,
        amount: payment.amount,
        date: payment.date,
        type: payment.type,
        status: "recorded",
        // The client as the payment named it to SmartBill.
        clientName: client.clientName,
        clientCif: client.cif,
        paidBefore,
        startedAt: recordedAt,
        unclearAt: null,
        receiptSeries: null,
        receiptNumber: null,
        ...user,
        createdAt: recordedAt,
        recordedAt,
        deletedAt: null,
      })
      .execute();
    await trx
      .insertInto("invoice_events")
      .values({
        invoiceId,
        action: "payment",
        outcome: "ok",
        ...user,
        answer: paymentRecorded(payment.amount, INVOICE_DEFAULTS.currency, payment.type),
        detail: JSON.stringify({ amount: payment.amount, type: payment.type, date: payment.date, requestId }),
        createdAt: recordedAt,
      })
      .execute();
    paidBefore = Math.round((paidBefore + payment.amount) * 100) / 100;
  }
  await recountReceivable(trx, invoiceId);
}
