/**
 * POST /api/smartbill/invoice/{invoiceId}/paste on both dialects: a block copied from a
 * spreadsheet becomes lines after the invoice's own, in order, checked with the import's rules
 * and words, each problem beside its cell; the refused rows come back with their cells as pasted.
 * One transaction, one audit row; too many lines, another tenant's invoice, a sent one: refused,
 * nothing written. While the largest hostile block is checked, other requests are answered.
 *
 * The app listens on a loopback port and the demo tenant's smartbill.url points at its own
 * emulator (Normala 21, Redusa 11, Taxare inversa 0), so the tax list is SmartBill's.
 */
import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import type { Invoice, InvoiceImportResult, InvoiceLine, LoginResponse, PastedLines } from "../../contract/api";
import { INVOICE_LINE_COLUMNS, INVOICE_LINE_HEADERS } from "../../contract/invoiceLineHeaders";
import { MAX_COLUMNS } from "../../server/excel/errors";
import {
  cellControlCharacters,
  invoiceLinesFull,
  invoiceMessages,
  lineQuantityNotPositive,
  lineRowMessages,
  pastedLinesOverLimit,
  pastedRowsTooMany,
  unknownTax,
} from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { invoiceUpload, xlsxOf } from "../helpers/excelFiles";
import { addWarehouse, invoicingUserOfNewTenant, liveApp } from "../helpers/smartbillData";
import { liftSmartBillBlocks } from "../helpers/smartbillBlocks";
import type { TestApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const HEADER = ["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"];
const TAXES = "Normala 21%, Redusa 11%, Taxare inversa 0%";
const blankCells = Object.fromEntries(INVOICE_LINE_COLUMNS.map((field) => [field, ""]));
/** A block as a spreadsheet copies it: cells by tabs, rows by \r\n, a last line break. */
const block = (rows: readonly (readonly string[])[]) => `${rows.map((row) => row.join("\t")).join("\r\n")}\r\n`;

/**
 * The costliest block the route reads: as many rows as it takes (400), each as many cells as it
 * keeps (64), each cell as long as fits in the schema's 2,000,000 characters, and every row
 * refused (quantity and price that are no numbers), so each one is checked to its end and comes
 * back whole.
 */
function hostileBlock(): string {
  const rowLength = Math.floor(2_000_000 / 400);
  const cellLength = Math.floor((rowLength - (MAX_COLUMNS - 1) - 2) / MAX_COLUMNS);
  const cell = (start: string) => start.padEnd(cellLength, " x");
  return block(
    Array.from({ length: 400 }, (_, i) =>
      Array.from({ length: MAX_COLUMNS }, (_, column) => {
        if (column === 0) return cell(`Produs ${i}`);
        if (column === 1) return cell(`P${i}`);
        if (column === 2) return cell("doi");
        if (column === 3) return cell("1.2.3");
        return cell(`coloana ${column}`);
      }),
    ),
  );
}

describeEachDialect("pasting a block into an invoice's lines (POST /{invoiceId}/paste)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  let central: number;

  beforeAll(async () => {
    t = await liveApp(dialect, { env: { TASK_WORKER: "off" } });
    let superadmin: LoginResponse;
    ({ superadmin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Lipire Alt Tenant SRL", "facturare@lipire-alt.ro");
    central = await addWarehouse(t, 2, "Depozit Central Lipire");
  });
  afterAll(() => t.close());
  beforeEach(() => liftSmartBillBlocks(t.db));

  /** An invoice of `lines` imported lines (EUR, saved to SmartBill's catalogue, the central warehouse). */
  async function invoiceOf(lines = 1): Promise<Invoice> {
    // An import takes at least one line; an invoice of none loses it afterwards.
    const sheet = await xlsxOf([HEADER, ...Array.from({ length: Math.max(lines, 1) }, (_, i) => [`Existent ${i + 1}`, `E${i + 1}`, 1, 10, 21])]);
    const res = await t.api("POST", "/api/smartbill/invoice/import", {
      session: invoicing,
      ...invoiceUpload(sheet, { warehouseId: central, currency: "EUR", saveToDb: true }),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json<InvoiceImportResult>().importRequestId!;
    if (lines === 0) await t.db.deleteFrom("invoice_lines").where("invoiceId", "=", id).execute();
    return get(id);
  }
  const get = async (id: number): Promise<Invoice> => {
    const res = await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<Invoice>();
  };
  const paste = (invoiceId: number, text: string, session = invoicing) =>
    t.api("POST", `/api/smartbill/invoice/${invoiceId}/paste`, { session, body: { text } });
  const pasted = async (invoiceId: number, text: string): Promise<PastedLines> => {
    const res = await paste(invoiceId, text);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<PastedLines>();
  };
  const lineCount = async (invoiceId: number) =>
    (await t.db.selectFrom("invoice_lines").select("id").where("invoiceId", "=", invoiceId).execute()).length;
  const auditRows = async (invoiceId: number) =>
    t.db.selectFrom("audit_log").selectAll().where("action", "=", "invoices.linePaste").where("target", "=", String(invoiceId)).orderBy("id").execute();
  const brief = (lines: readonly InvoiceLine[]) =>
    lines.map(({ name, code, quantity, price, taxName, taxPercentage }) => ({ name, code, quantity, price, taxName, taxPercentage }));

  it("adds a block without a header in the template's order after the invoice's lines: numbers as Romanian or English Excel copies them, blanks from the invoice", async () => {
    const invoice = await invoiceOf(1);
    const answer = await pasted(
      invoice.id,
      block([
        ["Laptop", "P1", "2", "1.234,50", "buc", "RON", "Normala", "21", "nu", "nu", "Magazin"],
        ["Cablu", "P2", "12,5", "3"],
        ["Monitor", "P3", "1", "1,234.50", "", "", "Redusa"],
        ["Transport", "P4", "1", "50", "", "", "", "11", "da"],
      ]),
    );
    expect(answer.rejected).toEqual([]);
    expect(answer.added).toEqual([
      {
        id: expect.any(Number), invoiceId: invoice.id, name: "Laptop", code: "P1", quantity: 2, price: 1234.5, measuringUnitName: "buc",
        currency: "RON", taxName: "Normala", taxPercentage: 21, saveToDb: false, service: false, warehouseName: "Magazin",
      },
      {
        id: expect.any(Number), invoiceId: invoice.id, name: "Cablu", code: "P2", quantity: 12.5, price: 3, measuringUnitName: "buc",
        currency: "EUR", taxName: "Normala", taxPercentage: 21, saveToDb: true, service: false, warehouseName: "Depozit Central Lipire",
      },
      expect.objectContaining({ name: "Monitor", price: 1234.5, taxName: "Redusa", taxPercentage: 11, currency: "EUR" }),
      expect.objectContaining({ name: "Transport", taxName: "Redusa", taxPercentage: 11, service: true }),
    ]);
    const after = await get(invoice.id);
    expect(after.products).toEqual([...invoice.products!, ...answer.added]);
    // Line writes leave the form's version alone, as the line routes do.
    expect(after.version).toBe(invoice.version);
  });

  it("maps a Romanian header row (with or without diacritics) and does not add it as a line", async () => {
    const invoice = await invoiceOf(0);
    const templateHeader = INVOICE_LINE_COLUMNS.map((field) => INVOICE_LINE_HEADERS[field]);
    const first = await pasted(invoice.id, block([templateHeader, ["Mouse", "M1", "3", "49,99", "buc", "", "", "", "", "", ""]]));
    expect(brief(first.added)).toEqual([{ name: "Mouse", code: "M1", quantity: 3, price: 49.99, taxName: "Normala", taxPercentage: 21 }]);
    const second = await pasted(invoice.id, block([["Cantitate", "Denumire produs", "Pret", "Cod produs", "Taxa"], ["5", "Tastatură", "120", "T1", "redusa"]]));
    expect(brief(second.added)).toEqual([{ name: "Tastatură", code: "T1", quantity: 5, price: 120, taxName: "Redusa", taxPercentage: 11 }]);
    expect((await get(invoice.id)).products!.map((line) => line.name)).toEqual(["Mouse", "Tastatură"]);
  });

  it("maps an English header in another column order, leaving a column it does not know unread", async () => {
    const invoice = await invoiceOf(0);
    const answer = await pasted(
      invoice.id,
      block([
        ["Unit price", "Notes", "Quantity", "Product code", "Product name", "VAT percent", "Currency"],
        ["1,234.50", "fragil", "2", "S1", "Scanner", "0", "usd"],
        ["10", "", "1", "S2", "Hârtie", "", ""],
      ]),
    );
    expect(answer.rejected).toEqual([]);
    expect(answer.added.map(({ name, code, quantity, price, currency, taxName, taxPercentage }) => ({ name, code, quantity, price, currency, taxName, taxPercentage }))).toEqual([
      { name: "Scanner", code: "S1", quantity: 2, price: 1234.5, currency: "USD", taxName: "Taxare inversa", taxPercentage: 0 },
      { name: "Hârtie", code: "S2", quantity: 1, price: 10, currency: "EUR", taxName: "Normala", taxPercentage: 21 },
    ]);
  });

  it("refuses each bad row with its cells as pasted and each problem beside its cell in the import's words, adding the good rows in order", async () => {
    const invoice = await invoiceOf(1);
    const rows = [
      ["Bun 1", "B1", "1", "10"],
      ["Rău cantitate", "R1", "doi", "10"],
      ["Rău preț", "R2", "1", "1.2.3", "", "", "", "150"],
      ["", "", "0", "5"],
      ["Bun 2", "B2", "2", "20,5"],
      ["Rău cotă", "R3", "1", "1", "", "", "Scutit"],
      ["Ascuns\u0000", "R4", "1", "1", "", "", "", "", "poate"],
      ["Bun 3", "B3", "3", "30"],
    ];
    const answer = await pasted(invoice.id, block(rows));
    expect(brief(answer.added).map((line) => line.name)).toEqual(["Bun 1", "Bun 2", "Bun 3"]);
    const cellsOf = (row: readonly string[]) => ({ ...blankCells, ...Object.fromEntries(row.map((text, i) => [INVOICE_LINE_COLUMNS[i], text])) });
    expect(answer.rejected).toEqual([
      { row: 2, cells: cellsOf(rows[1]), problems: [{ field: "quantity", reason: lineRowMessages.quantityNotNumber("doi") }] },
      {
        row: 3,
        cells: cellsOf(rows[2]),
        problems: [
          { field: "price", reason: lineRowMessages.priceNotNumber("1.2.3") },
          { field: "taxPercentage", reason: lineRowMessages.taxPercentageInvalid("150") },
        ],
      },
      {
        row: 4,
        cells: cellsOf(rows[3]),
        problems: [
          { field: "name", reason: lineRowMessages.nameMissing },
          { field: "code", reason: lineRowMessages.codeMissing },
          { field: "quantity", reason: lineQuantityNotPositive },
        ],
      },
      { row: 6, cells: cellsOf(rows[5]), problems: [{ field: "taxName", reason: unknownTax("Scutit", TAXES) }] },
      {
        row: 7,
        cells: cellsOf(rows[6]),
        problems: [
          { field: "name", reason: cellControlCharacters("Denumire produs") },
          { field: "service", reason: lineRowMessages.flagUnknown("poate", "Serviciu") },
        ],
      },
    ]);
    expect((await get(invoice.id)).products!.map((line) => line.name)).toEqual(["Existent 1", "Bun 1", "Bun 2", "Bun 3"]);
  });

  it("reads quoted cells holding tabs, line breaks and quotes as one cell each, the text's white space collapsed as the import does", async () => {
    const invoice = await invoiceOf(0);
    const text = '"Cablu\tUTP\nCat. 6"\tC6\t2\t"1.234,50"\n"Monitor 24"" ""LED"""\tM24\t1\t700\n';
    const answer = await pasted(invoice.id, text);
    expect(answer.rejected).toEqual([]);
    expect(brief(answer.added)).toEqual([
      { name: "Cablu UTP Cat. 6", code: "C6", quantity: 2, price: 1234.5, taxName: "Normala", taxPercentage: 21 },
      { name: 'Monitor 24" "LED"', code: "M24", quantity: 1, price: 700, taxName: "Normala", taxPercentage: 21 },
    ]);
  });

  it("refuses, writing nothing, a block whose good rows would take the invoice past 400 lines, or one of more than 400 rows", async () => {
    const invoice = await invoiceOf(398);
    const three = block([["A", "A1", "1", "1"], ["B", "B1", "1", "1"], ["C", "C1", "1", "1"]]);
    const over = await paste(invoice.id, three);
    expect(over.statusCode).toBe(400);
    expect(over.json().message).toBe(pastedLinesOverLimit(398, 3, 400));
    expect(await lineCount(invoice.id)).toBe(398);

    // A refused row is not written, so two good ones still fit.
    const fits = await pasted(invoice.id, block([["A", "A1", "1", "1"], ["B", "", "1", "1"], ["C", "C1", "1", "1"]]));
    expect([fits.added.length, fits.rejected.length]).toEqual([2, 1]);
    expect(await lineCount(invoice.id)).toBe(400);
    const full = await paste(invoice.id, block([["D", "D1", "1", "1"]]));
    expect(full.statusCode).toBe(400);
    expect(full.json().message).toBe(invoiceLinesFull(400));

    const empty = await invoiceOf(0);
    const tooMany = await paste(empty.id, block(Array.from({ length: 401 }, (_, i) => [`P${i}`, `C${i}`, "1", "1"])));
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toBe(pastedRowsTooMany(400));
    expect(await lineCount(empty.id)).toBe(0);
    const exactly = await pasted(empty.id, `Denumire produs\tCod produs\tCantitate\tPret\n${block(Array.from({ length: 400 }, (_, i) => [`P${i}`, `C${i}`, "1", "1"]))}`);
    expect(exactly.added).toHaveLength(400);
    expect(exactly.added.map((line) => line.code)).toEqual(Array.from({ length: 400 }, (_, i) => `C${i}`));
  });

  it("answers another tenant and the same user while it checks the largest hostile block it takes, before that paste's answer", async () => {
    const invoice = await invoiceOf(1);
    const text = hostileBlock();
    expect(text.length).toBeGreaterThan(1_990_000);
    expect(text.length).toBeLessThanOrEqual(2_000_000);
    // What came first, as it happened. The other requests go out when the route reads the block,
    // where its checking of the rows starts: not at the block's upload, which no yielding of the
    // route's could shorten, nor at the handler's start, since on PostgreSQL the invoice's reads
    // before the checking leave turns of the loop in which a short GET is answered anyway.
    const events: string[] = [];
    const others: Promise<LightMyRequestResponse>[] = [];
    const answered = (event: string) => (res: LightMyRequestResponse) => {
      events.push(event);
      return res;
    };
    const sendOthers = () => {
      if (others.length > 0) return;
      events.push("verificarea începe");
      others.push(
        t.api("GET", "/api/smartbill/warehouses", { session: other.session }).then(answered("alt tenant")),
        t.api("GET", `/api/smartbill/invoice/${invoice.id}`, { session: invoicing }).then(answered("același utilizator")),
      );
    };
    // Fastify's tracing channel: each handler's start, with its request, before the handler runs.
    const HANDLER_START = "tracing:fastify.request.handler:start";
    const onHandlerStart = (message: unknown) => {
      const { route, request } = message as { route: { url: string }; request: { body: { text: string } } };
      if (!route.url.endsWith("/paste")) return;
      const pastedText = request.body.text;
      Object.defineProperty(request.body, "text", {
        get: () => {
          sendOthers();
          return pastedText;
        },
      });
    };
    subscribe(HANDLER_START, onHandlerStart);
    let res: LightMyRequestResponse;
    try {
      res = await paste(invoice.id, text).then(answered("lipirea"));
    } finally {
      unsubscribe(HANDLER_START, onHandlerStart);
    }
    const [theirs, mine] = await Promise.all(others);
    expect(events).toEqual(["verificarea începe", expect.any(String), expect.any(String), "lipirea"]);
    expect(theirs.statusCode, theirs.body).toBe(200);
    expect(mine.statusCode, mine.body).toBe(200);
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json<PastedLines>();
    expect(answer.added).toEqual([]);
    expect(answer.rejected).toHaveLength(400);
    expect(answer.rejected.every((row) => row.problems.some((problem) => problem.field === "quantity"))).toBe(true);
    expect(await lineCount(invoice.id)).toBe(1);
  });

  it("answers 404 for another tenant's invoice or one that does not exist, and writes nothing", async () => {
    const invoice = await invoiceOf(1);
    const theirs = await paste(invoice.id, block([["A", "A1", "1", "1"]]), other.session);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(invoiceMessages.notFound);
    const missing = await paste(999_999, block([["A", "A1", "1", "1"]]));
    expect(missing.statusCode).toBe(404);
    expect(await lineCount(invoice.id)).toBe(1);
    expect(await auditRows(invoice.id)).toEqual([]);
  });

  it("refuses a sent or sending invoice (409) as the line routes do, and writes nothing", async () => {
    const invoice = await invoiceOf(1);
    for (const [status, message] of [["sent", invoiceMessages.sent], ["sending", invoiceMessages.sending]] as const) {
      await t.db.updateTable("invoices").set({ status }).where("id", "=", invoice.id).execute();
      const res = await paste(invoice.id, block([["A", "A1", "1", "1"]]));
      expect([status, res.statusCode]).toEqual([status, 409]);
      expect(res.json().message).toBe(message);
    }
    expect(await lineCount(invoice.id)).toBe(1);
  });

  it("records one audit row per paste that added lines, naming the invoice and how many; none for a paste that added nothing", async () => {
    const invoice = await invoiceOf(1);
    await pasted(invoice.id, block([["A", "A1", "1", "1"], ["B", "B1", "1", "1"], ["C", "", "1", "1"]]));
    await pasted(invoice.id, block([["D", "", "1", "1"]]));
    expect((await paste(invoice.id, block(Array.from({ length: 401 }, () => ["X", "X1", "1", "1"])))).statusCode).toBe(400);
    expect(await auditRows(invoice.id)).toEqual([
      expect.objectContaining({ tenantId: 2, userEmail: "facturare@demo.ro", target: String(invoice.id), result: "2 linii" }),
    ]);
  });

  it("refuses a body the schema does not take: no text, an empty one, one over 2,000,000 characters, another field; the edge still refuses a control character outside the block", async () => {
    const invoice = await invoiceOf(0);
    const send = (body: unknown) => t.api("POST", `/api/smartbill/invoice/${invoice.id}/paste`, { session: invoicing, body });
    expect((await send({})).statusCode).toBe(400);
    expect((await send({ text: "" })).statusCode).toBe(400);
    expect((await send({ text: "x".repeat(2_000_001) })).statusCode).toBe(400);
    const extra = await send({ text: "A\tA1\t1\t1", note: "a\u0000b" });
    expect(extra.statusCode).toBe(400);
    expect(extra.json().errors).toHaveProperty("note");
    expect(await lineCount(invoice.id)).toBe(0);
  });
});
