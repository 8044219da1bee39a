/**
 * POST /{invoiceId}/paste: a block copied from Excel, LibreOffice or Google Sheets and pasted into
 * the invoice's lines (the clipboard's text; pastedLines.ts reads it, with or without its header
 * row). Each row is checked with the import's rules and words (lineRow.ts), each problem beside
 * its cell; blank cells take the invoice's defaults as a line typed in the dialog does
 * (lineInput.ts), and the VAT follows the tax list kept from the last read (no SmartBill call per
 * paste).
 *
 * Every row is checked first; then the good ones are added after the invoice's lines, in the
 * pasted order, in one transaction, and the refused ones come back with their cells as pasted,
 * so nothing is lost. More rows than SmartBill takes on a document: 400, nothing added (past
 * MAX_INVOICE_LINES data rows the block is not even read further). As the line routes: another
 * tenant's invoice is 404, a sent or sending one 409, and the invoice's version stays.
 *
 * A cell holding a control character refuses its row, as in the import: the edge leaves the
 * block's text to this route (config `cellsField`, controlCharacters.ts).
 */
import { setImmediate } from "node:timers/promises";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { InvoiceLineInput, PastedLines } from "../../../../contract/api";
import { MAX_INVOICE_LINES } from "../../../../contract/constants";
import { INVOICE_LINE_COLUMNS } from "../../../../contract/invoiceLineHeaders";
import { PastedLinesAnswer, PastedLinesBody } from "../../../../contract/schemas/invoices";
import { BODY_LIMITS } from "../../../bodyLimits";
import { type CellValue, normalizeCell } from "../../../excel/cells";
import { HttpError } from "../../../errors";
import { invoiceLinesFull, invoiceLinesResult, pastedLinesOverLimit, pastedRowsTooMany } from "../../../messages";
import { findWarehouse } from "../warehouses/warehouses.repository";
import { lockOrRefuse, refuseFrozen } from "./editGuards";
import { appendInvoiceLines, countInvoiceLines } from "./invoiceLines.repository";
import { findInvoiceState } from "./invoices.repository";
import type { LineField } from "./lineColumns";
import { checkLineRow } from "./lineRow";
import { completeTax, type LineDefaults, type PendingLine } from "./lineRules";
import { type PastedLine, pastedLines, TooManyPastedRows } from "./pastedLines";
import { lineInvoiceParams } from "./schemas";
import { auditOf, type KindOptions, scopeOf } from "./documentKinds";
import { knownTaxList } from "./vatRates";

type Rejected = PastedLines["rejected"][number];

const ROWS_PER_TURN = 25;

export const invoicePasteRoute: FastifyPluginAsyncTypebox<KindOptions> = async (app, { kind }) => {
  app.post(
    "/:invoiceId/paste",
    {
      bodyLimit: BODY_LIMITS.paste,
      config: { audit: auditOf(kind, "linePaste"), cellsField: "text" },
      schema: { params: lineInvoiceParams, body: PastedLinesBody, response: { 200: PastedLinesAnswer } },
    },
    async (request): Promise<PastedLines> => {
      const { invoiceId } = request.params;
      const { tenantId } = request;
      const scope = scopeOf(request, kind);
      const state = await findInvoiceState(app.db, scope, invoiceId);
      if (!state) throw new HttpError(404, kind.words.notFound);
      refuseFrozen(state.status);
      const warehouseName =
        state.warehouseId === null ? "" : ((await findWarehouse(app.db, tenantId, state.warehouseId))?.warehouseName ?? "");
      const defaults: LineDefaults = { currency: state.currency, saveToDb: state.saveToDb, warehouseName };

      const pending: { row: PastedLine; line: PendingLine }[] = [];
      const rejected: Rejected[] = [];
      try {
        for (const row of pastedLines(request.body.text, MAX_INVOICE_LINES)) {
          // A block of 2 MB takes a moment to check: the other requests get their turns meanwhile.
          if (row.row % ROWS_PER_TURN === 0) await setImmediate();
          // As the import reads a text cell: trimmed, blank → empty.
          const values = {} as Record<LineField, CellValue>;
          for (const field of INVOICE_LINE_COLUMNS) values[field] = normalizeCell(row.cells[field]);
          const check = checkLineRow(values, defaults);
          if (check.ok) pending.push({ row, line: check.line });
          else rejected.push({ row: row.row, cells: row.cells, problems: check.problems });
        }
      } catch (error) {
        if (error instanceof TooManyPastedRows) throw new HttpError(400, pastedRowsTooMany(error.maxRows));
        throw error;
      }

      const lines: InvoiceLineInput[] = [];
      const taxes = pending.length > 0 ? await knownTaxList(app.db, tenantId, app.smartBillUrls, request.log) : null;
      for (const { row, line } of pending) {
        const complete = completeTax(line, taxes);
        if (complete.ok) lines.push(complete.line);
        else rejected.push({ row: row.row, cells: row.cells, problems: [{ field: taxField(row), reason: complete.reason }] });
      }
      rejected.sort((a, b) => a.row - b.row);
      if (lines.length === 0) return { added: [], rejected };

      const added = await app.db.transaction().execute(async (trx) => {
        await lockOrRefuse(trx, scope, invoiceId);
        const existing = await countInvoiceLines(trx, invoiceId);
        if (existing >= MAX_INVOICE_LINES) throw new HttpError(400, invoiceLinesFull(MAX_INVOICE_LINES));
        if (existing + lines.length > MAX_INVOICE_LINES) throw new HttpError(400, pastedLinesOverLimit(existing, lines.length, MAX_INVOICE_LINES));
        const stored = await appendInvoiceLines(trx, invoiceId, lines);
        await request.audit(trx, { target: invoiceId, result: invoiceLinesResult(stored.length) });
        return stored;
      });
      return { added, rejected };
    },
  );
};

/** The cell a tax refusal belongs to: the tax the row names, else its VAT percent (given, or missing). */
function taxField(row: PastedLine): LineField {
  return row.cells.taxName.trim() ? "taxName" : "taxPercentage";
}
