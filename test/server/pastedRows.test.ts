/**
 * A block pasted from a spreadsheet, split as Excel, LibreOffice and Google Sheets write it on the
 * clipboard, and its header row (or the template's order) mapping the cells to a line's fields.
 */
import { INVOICE_LINE_COLUMNS, INVOICE_LINE_HEADERS } from "../../contract/invoiceLineHeaders";
import { pastedHeader, pastedLines, TooManyPastedRows } from "../../server/routes/api/invoices/pastedLines";
import { pastedRows } from "../../server/routes/api/invoices/pastedRows";

const rows = (text: string) => [...pastedRows(text)];

describe("pastedRows", () => {
  it("splits rows by \\r\\n or \\n and cells by tabs, keeping cells as pasted", () => {
    expect(rows("a\tb\tc\r\nd\t\tf\n g \t2,5")).toEqual([["a", "b", "c"], ["d", "", "f"], [" g ", "2,5"]]);
  });

  it("skips the empty line after the last row, blank rows and rows of empty cells", () => {
    expect(rows("a\tb\r\n\r\n\t\t\n   \nc\td\r\n")).toEqual([["a", "b"], ["c", "d"]]);
    expect(rows("")).toEqual([]);
    expect(rows("\n\n")).toEqual([]);
  });

  it("reads quoted cells holding tabs, line breaks and quotes (\"\" for one), as Excel and LibreOffice write them", () => {
    const text = '"Cablu\tUTP"\tC1\t"Rând 1\nRând 2"\t"Monitor 24"""\r\n"""Citat"" la început"\tC2\n';
    expect(rows(text)).toEqual([
      ["Cablu\tUTP", "C1", "Rând 1\nRând 2", 'Monitor 24"'],
      ['"Citat" la început', "C2"],
    ]);
    expect(rows('"a\r\nb"\tc\r\nd')).toEqual([["a\r\nb", "c"], ["d"]]);
    expect(rows('""\tx')).toEqual([["", "x"]]);
  });

  it("reads a cell whose quotes do not close right before a tab or line break as the text it is, not swallowing the rows after it", () => {
    expect(rows('"Best" seller\tB1\n"deschis\tD1\nE\tE1')).toEqual([
      ['"Best" seller', "B1"],
      ['"deschis', "D1"],
      ["E", "E1"],
    ]);
    expect(rows('Monitor 24"\tM1\n12" x 3"\tM2')).toEqual([
      ['Monitor 24"', "M1"],
      ['12" x 3"', "M2"],
    ]);
  });

  it("keeps a lone carriage return inside a row as text", () => {
    expect(rows("a\rb\tc\nd")).toEqual([["a\rb", "c"], ["d"]]);
  });

  it("reads rows one at a time: a caller that stops early does not split the rest", () => {
    const huge = `a\tb\n${"x\ty\n".repeat(200_000)}`;
    const started = performance.now();
    const iterator = pastedRows(huge);
    expect(iterator.next().value).toEqual(["a", "b"]);
    expect(iterator.next().value).toEqual(["x", "y"]);
    expect(performance.now() - started).toBeLessThan(50);
  });

  it("keeps a row's first 64 cells (a sheet's column cap), passing over a row of a million tabs", () => {
    const [row] = rows(`a${"\t".repeat(1_000_000)}b\nc`);
    expect(row).toHaveLength(64);
    expect(row[0]).toBe("a");
  });

  it("splits a large block in linear time, full of quotes that never close or of doubled ones", () => {
    const started = performance.now();
    expect(rows(`${'"a\t'.repeat(300_000)}\n`)[0]).toHaveLength(64);
    expect(rows(`"${'a""'.repeat(600_000)}"\tx`)[0][0]).toHaveLength(1_200_000);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});

describe("pastedLines", () => {
  const lines = (text: string, max = 400) => [...pastedLines(text, max)];
  const blank = Object.fromEntries(INVOICE_LINE_COLUMNS.map((field) => [field, ""]));

  it("takes the template's order without a header row; fewer cells leave the rest blank", () => {
    expect(lines("Laptop\tP1\t2\t3.500,00\tbuc\tRON\tNormala\t21\tnu\tda\tDepozit\n Mouse \tP2\t1\t50")).toEqual([
      {
        row: 1,
        cells: {
          name: "Laptop", code: "P1", quantity: "2", price: "3.500,00", measuringUnitName: "buc", currency: "RON",
          taxName: "Normala", taxPercentage: "21", service: "nu", saveToDb: "da", warehouseName: "Depozit",
        },
      },
      { row: 2, cells: { ...blank, name: " Mouse ", code: "P2", quantity: "1", price: "50" } },
    ]);
  });

  it("maps the columns by a Romanian header row (the template's own, or without diacritics), not counting it as a row", () => {
    const header = INVOICE_LINE_COLUMNS.map((field) => INVOICE_LINE_HEADERS[field]).join("\t");
    expect(lines(`${header}\nLaptop\tP1\t2\t10`)).toEqual([{ row: 1, cells: { ...blank, name: "Laptop", code: "P1", quantity: "2", price: "10" } }]);
    expect(lines("Cantitate\tDenumire produs\tPret\tCod produs\tMoneda\n3\tMouse\t12,5\tP2\tEUR")).toEqual([
      { row: 1, cells: { ...blank, name: "Mouse", code: "P2", quantity: "3", price: "12,5", currency: "EUR" } },
    ]);
  });

  it("maps the columns by an English header in another order, leaving columns it does not know unread", () => {
    expect(lines("Price\tNotes\tQuantity\tProduct code\tProduct name\tVAT percent\n1,234.50\tfragil\t2\tP3\tMonitor\t21")).toEqual([
      { row: 1, cells: { ...blank, name: "Monitor", code: "P3", quantity: "2", price: "1,234.50", taxPercentage: "21" } },
    ]);
  });

  it("takes a first row naming two of the required columns as a header; one naming a single one is data", () => {
    expect(pastedHeader(["Denumire", "Cantitate"])).toEqual({ name: 0, quantity: 1 });
    expect(pastedHeader(["Cod produs", "Laptop", "2"])).toBeUndefined();
    expect(lines("Denumire\tCantitate\nCablu\t5")).toEqual([{ row: 1, cells: { ...blank, name: "Cablu", quantity: "5" } }]);
  });

  it("numbers the data rows without the header and the blank rows", () => {
    expect(lines("Denumire produs\tCod produs\n\nA\tA1\n\t\nB\tB1\n").map((line) => [line.row, line.cells.name])).toEqual([
      [1, "A"],
      [2, "B"],
    ]);
  });

  it("stops at the first data row past the limit", () => {
    expect(lines("Denumire produs\tCod produs\na\t1\nb\t2", 2)).toHaveLength(2);
    expect(() => lines("Denumire produs\tCod produs\na\t1\nb\t2\nc\t3", 2)).toThrow(TooManyPastedRows);
  });
});
