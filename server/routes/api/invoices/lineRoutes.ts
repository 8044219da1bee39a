/**
 * An invoice's lines, from the edit screen's lines dialog:
 *
 *   POST   /{invoiceId}/line   a line → InvoiceLine
 *   PUT    /line/{id}          a line → InvoiceLine
 *   DELETE /line/{id}          {message}
 *
 * The spec's URLs (`/{invoiceId}/product`, `/product/{id}`) answer the same, for the clients
 * written against it.
 *
 * Line writes do NOT change the invoice's version (they touch updatedAt only): the edit screen
 * saves the form and the lines separately, the form auto-saving with the version it loaded, so
 * a line added meanwhile would otherwise make the form's next auto-save a false conflict. Each
 * line write is whole and atomic on its own, and a line already deleted answers 404.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { InvoiceLine } from "../../../../contract/api";
import { MAX_INVOICE_LINES } from "../../../../contract/constants";
import { API_PATHS } from "../../../../contract/paths";
import { HttpError } from "../../../errors";
import { invoiceLineLabel, invoiceLinesFull, invoiceMessages } from "../../../messages";
import { lockOrRefuse, refuseFrozen } from "./editGuards";
import {
  countInvoiceLines,
  deleteInvoiceLine,
  insertInvoiceLine,
  updateInvoiceLine,
} from "./invoiceLines.repository";
import { findInvoiceState, findLineInvoice } from "./invoices.repository";
import { MessageAnswer } from "../../../../contract/schemas/answers";
import { checkLineInput } from "./lineInput";
import { invoiceLineSchema, InvoiceLineSchema } from "../../../../contract/schemas/invoices";
import { lineIdParams, lineInvoiceParams } from "./schemas";
import { auditOf, type KindOptions, scopeOf } from "./documentKinds";

/** "line", from contract/paths.ts; "product" is the spec's word for the same thing. */
const LINE = API_PATHS.invoiceLine.slice(API_PATHS.invoices.length + 1);
const SEGMENTS = [LINE, "product"] as const;

/** A line as the audit log names it: its code and name. */
const lineLabel = (line: InvoiceLine) => [line.code, line.name].filter(Boolean).join(" ") || invoiceLineLabel(line.id);

export const invoiceLineRoutes: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  for (const segment of SEGMENTS) {
    app.post(
      `/:invoiceId/${segment}`,
      { config: { audit: auditOf(kind, "lineCreate") }, schema: { params: lineInvoiceParams, body: invoiceLineSchema, response: { 200: InvoiceLineSchema } } },
      async (request) => {
        const { invoiceId } = request.params;
        const scope = scopeOf(request, kind);
        if (request.body.invoiceId !== undefined && request.body.invoiceId !== invoiceId) {
          throw new HttpError(400, invoiceMessages.invoiceIdMismatch);
        }
        const state = await findInvoiceState(app.db, scope, invoiceId);
        if (!state) throw new HttpError(404, kind.words.notFound);
        refuseFrozen(state.status);
        const line = await checkLineInput(app, request, request.body, state);
        return app.db.transaction().execute(async (trx) => {
          await lockOrRefuse(trx, scope, invoiceId);
          if ((await countInvoiceLines(trx, invoiceId)) >= MAX_INVOICE_LINES) throw new HttpError(400, invoiceLinesFull(MAX_INVOICE_LINES));
          const added = await insertInvoiceLine(trx, invoiceId, line);
          await request.audit(trx, { target: invoiceId, targetLabel: lineLabel(added) });
          return added;
        });
      },
    );

    app.put(
      `/${segment}/:id`,
      { config: { audit: auditOf(kind, "lineUpdate") }, schema: { params: lineIdParams, body: invoiceLineSchema, response: { 200: InvoiceLineSchema } } },
      async (request) => {
        const { id } = request.params;
        const scope = scopeOf(request, kind);
        if (request.body.id !== undefined && request.body.id !== id) throw new HttpError(400, invoiceMessages.lineIdMismatch);
        const state = await findLineInvoice(app.db, scope, id);
        if (!state) throw new HttpError(404, invoiceMessages.lineNotFound);
        if (request.body.invoiceId !== undefined && request.body.invoiceId !== state.id) {
          throw new HttpError(400, invoiceMessages.lineInvoiceMismatch);
        }
        refuseFrozen(state.status);
        const line = await checkLineInput(app, request, request.body, state);
        return app.db.transaction().execute(async (trx) => {
          await lockOrRefuse(trx, scope, state.id);
          const updated = await updateInvoiceLine(trx, state.id, id, line);
          if (!updated) throw new HttpError(404, invoiceMessages.lineNotFound);
          await request.audit(trx, { target: state.id, targetLabel: lineLabel(updated) });
          return updated;
        });
      },
    );

    app.delete(
      `/${segment}/:id`,
      { config: { audit: auditOf(kind, "lineDelete") }, schema: { params: lineIdParams, response: { 200: MessageAnswer } } },
      async (request) => {
        const { id } = request.params;
        const scope = scopeOf(request, kind);
        const state = await findLineInvoice(app.db, scope, id);
        if (!state) throw new HttpError(404, invoiceMessages.lineNotFound);
        refuseFrozen(state.status);
        await app.db.transaction().execute(async (trx) => {
          await lockOrRefuse(trx, scope, state.id);
          if (!(await deleteInvoiceLine(trx, state.id, id))) throw new HttpError(404, invoiceMessages.lineNotFound);
          await request.audit(trx, { target: state.id, targetLabel: invoiceLineLabel(id) });
        });
        return { message: invoiceMessages.lineDeleted };
      },
    );
  }
};
