/**
 * GET /series: the tenant's series of the kind as SmartBill has them (GET /series?type=f for
 * invoices, type=p for proformas), with the
 * next number of each, for the invoice form's series field; read-only. When SmartBill cannot be
 * asked (no settings, a lockout, down, slow) the answer is an empty list with `fromProvider`
 * false, and the form takes the series as typed.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { smartBillClientForTenant } from "../../../smartbill/client";
import { InvoiceSeriesAnswer } from "../../../../contract/schemas/invoices";
import type { KindOptions } from "./documentKinds";

/** The series are a help to the form: it waits at most this long for them (rate-limit wait included). */
const SERIES_TIMEOUT_MS = 5_000;

export const invoiceSeriesRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.get("/series", { schema: { response: { 200: InvoiceSeriesAnswer } } }, async (request) => {
    let timer: NodeJS.Timeout | undefined;
    try {
      const client = await smartBillClientForTenant(app.db, request.tenantId, app.smartBillUrls, { timeoutMs: SERIES_TIMEOUT_MS });
      const deadline = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`GET /series took longer than ${SERIES_TIMEOUT_MS} ms`)), SERIES_TIMEOUT_MS);
      });
      const series = await Promise.race([client.getSeries(kind.smartBill.seriesType), deadline]);
      return { series: series.map(({ name, nextNumber }) => ({ name, nextNumber })), fromProvider: true };
    } catch (error) {
      request.log.warn({ err: error, tenantId: request.tenantId }, "SmartBill invoice series unavailable; the form takes the series as typed");
      return { series: [], fromProvider: false };
    } finally {
      clearTimeout(timer);
    }
  });
};
