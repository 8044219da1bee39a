/**
 * 'Descarcă PDF': GET /{id}/pdf → SmartBill's PDF of the sent invoice, as a download
 * (`application/pdf`, `attachment; filename="factura<series><number>.pdf"`). SmartBill is asked
 * with Accept: application/octet-stream (it answers application/pdf with 406; client.ts). An
 * unknown invoice gets SmartBill's nginx 502 page, an unknown proforma its 400 JSON (/estimate/pdf
 * answers as its other routes do): either way the clerk gets the kind's sentence instead (502 for
 * the page, 409 for SmartBill's refusal). A read, so not in the audit log; it is in the
 * document's history.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { HttpError } from "../../../errors";
import { SmartBillError } from "../../../smartbill/types";
import { attachment } from "../../spreadsheetStreams";
import { invoiceName } from "./actionAnswer";
import { afterSend } from "./afterSend";
import { invoiceIdParams } from "./schemas";
import type { KindOptions } from "./documentKinds";

export const invoicePdfRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.get("/:id/pdf", { schema: { params: invoiceIdParams } }, async (request, reply) => {
    const { pdf, fileName } = await afterSend(app, request, kind, request.params.id, "pdf", async ({ invoice, client }) => {
      try {
        const { pdf } = await client.invoicePdf(invoice.ref, kind.smartBill);
        return { result: { pdf, fileName: pdfFileName(invoice.ref.seriesName, invoice.ref.number, kind.words.pdfFilePrefix) }, audit: false };
      } catch (error) {
        if (error instanceof SmartBillError && error.kind === "http" && error.status === 502) {
          throw new HttpError(502, kind.words.pdfUnavailable(invoiceName(invoice)));
        }
        if (error instanceof SmartBillError && error.kind === "provider" && error.status === 400) {
          throw new SmartBillError("provider", kind.words.pdfUnavailable(invoiceName(invoice)), { status: error.status });
        }
        throw error;
      }
    });
    return reply.header("content-type", "application/pdf").header("content-disposition", attachment(fileName)).send(pdf);
  });
};

/**
 * factura<series><number>.pdf, as SmartBill names an invoice's (a proforma's: proforma<series><number>.pdf,
 * though SmartBill names it factura… too); only characters safe in a header and a file name are kept.
 */
export function pdfFileName(series: string, number: string, prefix = "factura"): string {
  return `${prefix}${`${series}${number}`.replace(/[^A-Za-z0-9_-]/g, "")}.pdf`;
}
