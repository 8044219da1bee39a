/**
 * The Excel reading shared by the imports (server/excel/) and the customer row checks, without
 * a database: header matching, cell normalisation, CIF / IBAN / e-mail, each committed fixture's
 * outcome (made by LibreOffice, see test/fixtures/customers/make-fixtures.sh), hostile files and
 * the limits.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cellNumber, cellText, normalizeCell } from "../../server/excel/cells";
import { ExcelError, excelMessages, MAX_FILE_BYTES } from "../../server/excel/errors";
import { findHeader, normalizeHeader } from "../../server/excel/header";
import { readWorkbookRows } from "../../server/excel/read";
import { CUSTOMER_SHEET_COLUMNS } from "../../server/routes/api/customers/columns";
import { checkCustomerFile } from "../../server/routes/api/customers/customerImport";
import {
  checkCustomerRow,
  isValidCif,
  isValidEmail,
  isValidIban,
} from "../../server/routes/api/customers/validation";
import { xlsxOf, zipBomb } from "../helpers/excelFiles";

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/customers", name));
const RO_HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Judet", "Banca", "IBAN", "Tara", "Email", "Persoana contact", "Telefon"];

async function refusal(input: Buffer): Promise<ExcelError> {
  try {
    await checkCustomerFile(input);
  } catch (error) {
    expect(error).toBeInstanceOf(ExcelError);
    return error as ExcelError;
  }
  throw new Error("the file was not refused");
}

describe("header matching", () => {
  it("ignores case, diacritics (both cedilla and comma forms), punctuation and repeated spaces", () => {
    for (const text of ["Denumire client", "DENUMIRE CLIENT", "denumire_client", "Denumire  client:"]) {
      expect(normalizeHeader(text)).toBe("denumire client");
    }
    expect(normalizeHeader("Județ")).toBe("judet");
    expect(normalizeHeader("Judeţ")).toBe("judet");
    expect(normalizeHeader("Țară / Ţară")).toBe("tara tara");
    expect(normalizeHeader("Bancă")).toBe("banca");
    expect(normalizeHeader("Nr. Reg. Com.")).toBe("nr reg com");
  });

  it("finds the header below a title row and maps columns in any order, Romanian or English", () => {
    const rows = [
      { row: 1, cells: ["Lista clienților"] },
      { row: 2, cells: ["Client code", "Client name", ...RO_HEADERS.slice(1, 3), "Adresă", "Oraș", "JUDEȚ", "Bancă", "iban", "Țară", "E-mail", "Persoana  contact", "Phone"] },
    ];
    const header = findHeader(rows, CUSTOMER_SHEET_COLUMNS);
    expect(header.row).toBe(2);
    expect(header.columns).toMatchObject({ codClient: 0, clientName: 1, cif: 2, localitate: 5, telefon: 12 });
  });

  it("names the missing required columns", () => {
    const cells = RO_HEADERS.filter((h) => h !== "CIF" && h !== "IBAN");
    expect(() => findHeader([{ row: 1, cells }], CUSTOMER_SHEET_COLUMNS)).toThrow(excelMessages.missingColumns(["CIF", "IBAN"]));
    expect(excelMessages.missingColumns(["CIF", "IBAN"])).toBe("Lipsesc coloanele obligatorii: CIF, IBAN.");
  });

  it("refuses a sheet whose header is not within the first 10 rows", () => {
    const rows = Array.from({ length: 11 }, (_, i) => ({ row: i + 1, cells: i === 10 ? RO_HEADERS : ["titlu"] }));
    expect(() => findHeader(rows, CUSTOMER_SHEET_COLUMNS)).toThrow(/Nu am găsit rândul de antet/);
  });
});

describe("cell normalisation", () => {
  it("trims text, reads formulas' cached results and rich text, and empties error cells", () => {
    expect(normalizeCell("  abc  ")).toBe("abc");
    expect(normalizeCell("   ")).toBeNull();
    expect(normalizeCell({ formula: "A1*2", result: 42 })).toBe(42);
    expect(normalizeCell({ richText: [{ text: "Ș" }, { text: "erban " }] })).toBe("Șerban");
    expect(normalizeCell({ error: "#N/A" })).toBeNull();
  });

  it("writes numbers as text without exponent, and dates as dd.mm.yyyy", () => {
    expect(cellText(18547290)).toBe("18547290");
    expect(cellText(40722123456)).toBe("40722123456");
    expect(cellText(0.1 + 0.2)).toBe("0.3");
    expect(cellText(new Date(Date.UTC(2026, 0, 31)))).toBe("31.01.2026");
  });

  it("reads numbers stored as text with Romanian or English separators", () => {
    expect(cellNumber("1.234,50")).toBe(1234.5);
    expect(cellNumber("1,234.50")).toBe(1234.5);
    expect(cellNumber("12,5")).toBe(12.5);
    expect(cellNumber("12")).toBe(12);
    expect(cellNumber("1.234.567")).toBe(1234567);
    expect(cellNumber("abc")).toBeUndefined();
  });
});

describe("customer row checks", () => {
  it("accepts a Romanian CIF with its control digit, with or without RO, and a foreign VAT code", () => {
    for (const cif of ["RO18547290", "18547290", "ro 18547290", "DE123456789", "FR12345678901"]) expect(isValidCif(cif), cif).toBe(true);
    for (const cif of ["RO18547291", "1", "RO12345678901", "ABC", "RO"]) expect(isValidCif(cif), cif).toBe(false);
  });

  it("checks an IBAN with ISO 13616 mod-97", () => {
    expect(isValidIban("RO49AAAA1B31007593840000")).toBe(true);
    expect(isValidIban("RO49 AAAA 1B31 0075 9384 0000")).toBe(true);
    expect(isValidIban("DE89370400440532013000")).toBe(true);
    expect(isValidIban("RO49AAAA1B31007593840001")).toBe(false);
    expect(isValidIban("RO49AAAA")).toBe(false);
  });

  it("checks an e-mail address", () => {
    expect(isValidEmail("office@firma.ro")).toBe(true);
    for (const email of ["nu-i-email", "a@b", "a b@c.ro", "@c.ro"]) expect(isValidEmail(email), email).toBe(false);
  });

  it("requires name and code, defaults the country to Romania and gives reasons in Romanian", () => {
    const blank = Object.fromEntries(CUSTOMER_SHEET_COLUMNS.map((c) => [c.field, null])) as never;
    const refused = checkCustomerRow(blank);
    expect(refused).toEqual({ ok: false, reason: "Denumirea clientului lipsește. Codul clientului lipsește. CIF-ul lipsește." });
    const ok = checkCustomerRow({ ...(blank as object), clientName: "A", codClient: "X1", cif: 18547290 } as never);
    expect(ok).toMatchObject({ ok: true, fields: { tara: "Romania", cif: "18547290", iban: "", email: "" } });
  });
});

describe("the committed fixtures (LibreOffice)", () => {
  for (const name of ["ro-title.xlsx", "ro-title.xls"]) {
    it(`reads ${name}: title row skipped, diacritics headers, bad CIF / IBAN / e-mail and a duplicate rejected with Excel row numbers`, async () => {
      const checked = await checkCustomerFile(fixture(name));
      expect(checked.valid.map((r) => [r.row, r.fields.codClient])).toEqual([[3, "C001"], [4, "C002"], [9, "C006"]]);
      expect(checked.valid[0].fields).toMatchObject({ clientName: "Șervețele Ţesute SRL", tara: "Romania", telefon: "0722123456", localitate: "București" });
      expect(checked.rejected.map((r) => [r.row, r.codClient])).toEqual([[5, "C003"], [6, "C004"], [7, "C005"], [8, "C001"]]);
      expect(checked.rejected[0].reason).toMatch(/^CIF invalid/);
      expect(checked.rejected[1].reason).toMatch(/^IBAN invalid/);
      expect(checked.rejected[2].reason).toMatch(/^Adresă de email invalidă/);
      expect(checked.rejected[3].reason).toBe("Codul clientului „C001” apare de mai multe ori în fișier (prima dată pe rândul 3).");
    });
  }

  for (const name of ["en-order.xlsx", "en-order.xls"]) {
    it(`reads ${name}: English headers in another order, numbers stored as text kept as typed`, async () => {
      const checked = await checkCustomerFile(fixture(name));
      expect(checked.rejected).toEqual([]);
      expect(checked.valid.map((r) => r.fields)).toEqual([
        expect.objectContaining({ codClient: "E001", clientName: "English Order Ltd", cif: "18547290", telefon: "0722000111", localitate: "Ploiești" }),
        expect.objectContaining({ codClient: "E002", cif: "RO18547290", telefon: "0722000222", tara: "Romania" }),
      ]);
    });
  }

  const refusals: [string, string][] = [
    ["missing-columns.xlsx", "Lipsesc coloanele obligatorii: CIF, IBAN."],
    ["renamed-text.xlsx", excelMessages.notExcel],
    ["truncated.xlsx", excelMessages.corrupt],
    ["zip-bomb.xlsx", excelMessages.zipBomb],
    ["password.xls", excelMessages.passwordProtected],
    ["encrypted.xlsx", excelMessages.passwordProtected],
  ];
  for (const [name, message] of refusals) {
    it(`refuses ${name}: ${message}`, async () => {
      expect((await refusal(fixture(name))).message).toBe(message);
    });
  }
});

describe("hostile files and limits", () => {
  it("refuses a zip bomb that declares its huge size, before inflating it", async () => {
    // 1 MiB inflated here, but declared as 300 MiB: refused on the declaration alone.
    expect((await refusal(zipBomb(1024 * 1024, 300 * 1024 * 1024))).message).toBe(excelMessages.zipBomb);
  });

  it("refuses a file over 20 MiB before parsing it", async () => {
    const big = Buffer.alloc(MAX_FILE_BYTES + 1);
    big.write("PK\u0003\u0004", "latin1");
    expect((await refusal(big)).message).toBe("Fișierul depășește limita de 20 MiB.");
  });

  it("refuses an empty sheet under the header, and random bytes", async () => {
    expect((await refusal(await xlsxOf([RO_HEADERS]))).message).toBe(excelMessages.noData);
    expect((await refusal(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 1, 2, 3]))).message).toBe(excelMessages.notExcel);
  });

  it("stops reading and refuses a sheet with more data rows than the limit", async () => {
    const file = await xlsxOf([RO_HEADERS, ...Array.from({ length: 30 }, (_, i) => [`Firma ${i}`, "RO18547290", "", `K${i}`])]);
    await expect(checkCustomerFile(file, { maxDataRows: 29 })).rejects.toThrow(excelMessages.tooManyRows);
    expect((await checkCustomerFile(file, { maxDataRows: 30 })).valid).toHaveLength(30);
    expect(excelMessages.tooManyRows).toBe("Fișierul are mai mult de 100.000 de rânduri de date.");
  });

  it("skips completely empty rows and keeps Excel's row numbers", async () => {
    const file = await xlsxOf([["Titlu"], [], RO_HEADERS, [], ["Firma", "RO18547290", "", "K1"], [null, "  "], ["Alta", "18547290", "", "K2"]]);
    const rows = [];
    for await (const row of readWorkbookRows(file)) rows.push(row.row);
    expect(rows).toEqual([1, 3, 5, 7]);
    expect((await checkCustomerFile(file)).valid.map((r) => r.row)).toEqual([5, 7]);
  });
});
