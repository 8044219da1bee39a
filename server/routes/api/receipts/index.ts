/**
 * /api/smartbill/receipt: receipts ('Chitanțe') issued in SmartBill through us, on their own or
 * with an invoice's cash payment (paymentReceipt.ts), for the invoicing role and the super-admin
 * (role matrix row `receipts`):
 *
 *   GET    /            the list (list protocol; ?clientId, ?kind, ?status, ?dateFrom, ?dateTo, ?q)
 *   GET    /series      SmartBill's receipt series (GET /series?type=c), for the form
 *   POST   /            issues one (issueReceipt.ts: exactly once per requestId)
 *   GET    /{id}        one receipt
 *   GET    /{id}/text   a fiscal receipt's text for the cash register (SmartBill's GET /payment/text)
 *   DELETE /{id}        deletes it from SmartBill (deleteReceipt.ts: the last of its series only)
 *
 * SmartBill's API gives no receipt PDF (only invoices and proformas have one).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_PREFIXES } from "../../../../contract/paths";
import { listAnswer } from "../../../../contract/schemas/answers";
import { ReceiptDeleteAnswer, ReceiptSchema, ReceiptSeriesAnswer, ReceiptTextAnswer, receiptBody } from "../../../../contract/schemas/receipts";
import { HttpError } from "../../../errors";
import { receiptMessages } from "../../../messages";
import { restrictTo } from "../../../plugins/requireRole";
import { smartBillClientForTenant } from "../../../smartbill/client";
import { listQuerystringFor, runList } from "../listQuery";
import { idParams } from "../params";
import { routeFolder } from "../routeFolder";
import { deleteReceipt } from "./deleteReceipt";
import { issueReceipt, receiptCustomer, smartBillAnswer } from "./issueReceipt";
import { checkReceiptInput } from "./receiptInput";
import { findReceipt, receiptColumns, receiptList, receiptsOf, toReceipt } from "./receipts.repository";

/** The series are a help to the form: it waits at most this long for them. */
const SERIES_TIMEOUT_MS = 5_000;

export const receiptRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "receipts");
  const clientOf = (tenantId: number, timeoutMs?: number) =>
    smartBillClientForTenant(app.db, tenantId, app.smartBillUrls, timeoutMs ? { timeoutMs } : {}).catch((error) => Promise.reject(smartBillAnswer(error)));
  const found = async (tenantId: number, id: number) => {
    const receipt = await findReceipt(app.db, tenantId, id);
    if (!receipt) throw new HttpError(404, receiptMessages.notFound);
    return receipt;
  };

  app.get("/", { schema: { querystring: listQuerystringFor(receiptList), response: { 200: listAnswer(ReceiptSchema) } } }, (request) =>
    runList(receiptsOf(app.db, request.tenantId), request.query, receiptList, (query) => query.select(receiptColumns), (rows) =>
      rows.map((row) => toReceipt(row as Parameters<typeof toReceipt>[0])),
    ),
  );

  app.get("/series", { schema: { response: { 200: ReceiptSeriesAnswer } } }, async (request) => {
    try {
      const client = await clientOf(request.tenantId, SERIES_TIMEOUT_MS);
      const series = await client.getSeries("c");
      return { series: series.map(({ name, nextNumber }) => ({ name, nextNumber })) };
    } catch (error) {
      throw smartBillAnswer(error);
    }
  });

  app.post(
    "/",
    { config: { audit: "receipts.issue" }, schema: { body: receiptBody, response: { 201: ReceiptSchema, 200: ReceiptSchema } } },
    async (request, reply) => {
      const input = checkReceiptInput(request.body);
      // Every check that needs no SmartBill comes first: another tenant's customer is refused as such.
      await receiptCustomer(app.db, request.tenantId, input.clientId);
      const client = await clientOf(request.tenantId);
      const { id, message } = await issueReceipt({ db: app.db, request, client }, input).catch((error) => Promise.reject(smartBillAnswer(error)));
      const receipt = await found(request.tenantId, id);
      return reply.code(201).send({ ...receipt, message });
    },
  );

  app.get("/:id", { schema: { params: idParams("id"), response: { 200: ReceiptSchema } } }, (request) => found(request.tenantId, request.params.id));

  app.get("/:id/text", { schema: { params: idParams("id"), response: { 200: ReceiptTextAnswer } } }, async (request) => {
    const receipt = await found(request.tenantId, request.params.id);
    if (receipt.kind !== "Bon" || !receipt.smartBillId) throw new HttpError(409, receiptMessages.notFiscal);
    try {
      const client = await clientOf(request.tenantId);
      return { text: await client.fiscalReceiptText(receipt.smartBillId) };
    } catch (error) {
      throw smartBillAnswer(error);
    }
  });

  app.delete(
    "/:id",
    { config: { audit: "receipts.delete" }, schema: { params: idParams("id"), response: { 200: ReceiptDeleteAnswer } } },
    async (request) => {
      const message = await deleteReceipt({ db: app.db, request, client: () => clientOf(request.tenantId) }, request.params.id);
      return { message, receipt: await found(request.tenantId, request.params.id) };
    },
  );
};

export default routeFolder({ routes: [[receiptRoutes, API_PREFIXES.receipts]] });
