/**
 * The Excel reading shared by the imports (server/excel/) and the customer row checks, without
 * a database: header matching, cell normalisation, CIF / IBAN / e-mail, each committed fixture's
 * outcome (made by LibreOffice, see test/fixtures/customers/make-fixtures.sh), hostile files and
 * the limits, and the .xlsx reader itself on hand-made parts (cell types, dates, sheet choice,
 * broken XML, chunk boundaries). The limit on real 100,000-row files: customerImportLimits.test.ts.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cellNumber, cellText, normalizeCell } from "../../server/excel/cells";
import { ExcelError, MAX_FILE_BYTES } from "../../server/excel/errors";
import { excelMessages } from "../../server/messages";
import { findHeader, normalizeHeader } from "../../server/excel/header";
import { readWorkbookRows } from "../../server/excel/read";
import { CUSTOMER_SHEET_COLUMNS } from "../../server/routes/api/customers/columns";
import { checkCustomerFile } from "../../server/routes/api/customers/customerImport";
import {
  checkCustomerRow,
  isValidCif,
  isValidIban,
} from "../../server/routes/api/customers/validation";
import { isEmailAddress } from "../../contract/emailAddress";
import { XmlScanner } from "../../server/excel/xml";
import { xlsxOf, zipBomb, zipOf } from "../helpers/excelFiles";

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
    // The product's one address rule (contract/emailAddress.ts).
    expect(isEmailAddress("office@firma.ro")).toBe(true);
    for (const email of ["nu-i-email", "a@b", "a b@c.ro", "@c.ro"]) expect(isEmailAddress(email), email).toBe(false);
  });

  it("requires name and code, defaults the country to Romania and gives reasons in Romanian", () => {
    const blank = Object.fromEntries(CUSTOMER_SHEET_COLUMNS.map((c) => [c.field, null])) as never;
    const refused = checkCustomerRow(blank);
    expect(refused).toEqual({
      ok: false,
      reason: "Denumirea clientului lipsește. Codul clientului lipsește. CIF-ul lipsește.",
      problems: [
        { field: "clientName", message: "Denumirea clientului lipsește." },
        { field: "codClient", message: "Codul clientului lipsește." },
        { field: "cif", message: "CIF-ul lipsește." },
      ],
    });
    const ok = checkCustomerRow({ ...(blank as object), clientName: "A", codClient: "X1", cif: 18547290 } as never);
    expect(ok).toMatchObject({ ok: true, fields: { tara: "Romania", cif: "18547290", iban: "", email: "" } });
  });
});

describe("the committed fixtures (LibreOffice)", () => {
  for (const name of ["ro-title.xlsx", "ro-title.xls"]) {
    it(`reads ${name}: title row skipped, diacritics headers, bad CIF / IBAN / e-mail and a duplicate rejected with Excel row numbers`, async () => {
      const checked = await checkCustomerFile(fixture(name));
      const [valid, rejected] = [[...checked.valid], [...checked.rejected]];
      expect(valid.map((r) => [r.row, r.fields.codClient])).toEqual([[3, "C001"], [4, "C002"], [9, "C006"]]);
      expect(valid[0].fields).toMatchObject({ clientName: "Șervețele Ţesute SRL", tara: "Romania", telefon: "0722123456", localitate: "București" });
      expect([...checked.codes]).toEqual(["C001", "C002", "C006"]);
      expect(rejected.map((r) => [r.row, r.codClient])).toEqual([[5, "C003"], [6, "C004"], [7, "C005"], [8, "C001"]]);
      expect(rejected[0].reason).toMatch(/^CIF invalid/);
      expect(rejected[0].cells[0]).toBe("Firma CIF Greșit SRL");
      expect(rejected[1].reason).toMatch(/^IBAN invalid/);
      expect(rejected[2].reason).toMatch(/^Adresă de email invalidă/);
      expect(rejected[3].reason).toBe("Codul clientului „C001” apare de mai multe ori în fișier (prima dată pe rândul 3).");
    });
  }

  for (const name of ["en-order.xlsx", "en-order.xls"]) {
    it(`reads ${name}: English headers in another order, numbers stored as text kept as typed`, async () => {
      const checked = await checkCustomerFile(fixture(name));
      expect([...checked.rejected]).toEqual([]);
      expect([...checked.valid].map((r) => r.fields)).toEqual([
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
    expect([...(await checkCustomerFile(file)).valid].map((r) => r.row)).toEqual([5, 7]);
  });
});

/** An .xlsx written by hand: the parts the reader reads, each as given. */
function handMadeXlsx(parts: { sheet: string; sheet2?: string; strings?: string; styles?: string; workbook?: string }): Buffer {
  const ns = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"';
  const rel = (id: string, type: string, target: string) =>
    `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="${target}"/>`;
  const entries = [
    {
      name: "xl/workbook.xml",
      data: parts.workbook ?? `<?xml version="1.0" encoding="UTF-8"?><workbook ${ns}><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    },
    {
      name: "xl/_rels/workbook.xml.rels",
      data:
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">' +
        rel("rId1", "worksheet", "worksheets/sheet1.xml") +
        rel("rId2", "worksheet", "/xl/worksheets/sheet2.xml") +
        rel("rId3", "sharedStrings", "sharedStrings.xml") +
        rel("rId4", "styles", "styles.xml") +
        "</Relationships>",
    },
    { name: "xl/worksheets/sheet1.xml", data: `<?xml version="1.0"?><worksheet ${ns}><sheetData>${parts.sheet}</sheetData></worksheet>` },
    ...(parts.sheet2 ? [{ name: "xl/worksheets/sheet2.xml", data: `<worksheet ${ns}><sheetData>${parts.sheet2}</sheetData></worksheet>` }] : []),
    ...(parts.strings ? [{ name: "xl/sharedStrings.xml", data: `<sst ${ns}>${parts.strings}</sst>` }] : []),
    ...(parts.styles ? [{ name: "xl/styles.xml", data: `<styleSheet ${ns}>${parts.styles}</styleSheet>` }] : []),
  ];
  return zipOf(entries.map(({ name, data }) => ({ name, data: Buffer.from(data) })));
}

async function rowsOfFile(file: Buffer): Promise<{ row: number; cells: unknown[] }[]> {
  const rows = [];
  for await (const row of readWorkbookRows(file)) rows.push(row);
  return rows;
}

describe("the .xlsx reader", () => {
  it("reads shared strings (rich text as plain text, phonetic runs left out) and inline strings, decoding entities", async () => {
    const file = handMadeXlsx({
      strings:
        "<si><t>Șerban &amp; Fiii</t></si>" +
        '<si><r><rPr><b/></rPr><t xml:space="preserve">Țesă</t></r><r><t>toria</t></r><rPh sb="0" eb="1"><t>ignored</t></rPh></si>' +
        "<si><t><![CDATA[a<b]]></t></si><si><t>&#x219;&#537;&lt;&gt;&quot;&apos;</t></si>",
      sheet:
        '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c><c r="D1" t="s"><v>3</v></c></row>' +
        '<row r="2"><c r="A2" t="inlineStr"><is><r><t>Rich </t></r><r><t>inline</t></r></is></c><c r="C2" t="str"><v>  x &amp; y </v></c><c r="E2" t="s"><v>99</v></c></row>',
    });
    expect(await rowsOfFile(file)).toEqual([
      { row: 1, cells: ["Șerban & Fiii", "Țesătoria", "a<b", "șș<>\"'"] },
      { row: 2, cells: ["Rich inline", null, "x & y", null, null] },
    ]);
  });

  it("reads numbers, booleans, errors, formulas' cached results, and dates by their number format", async () => {
    const file = handMadeXlsx({
      styles:
        '<numFmts count="1"><numFmt numFmtId="164" formatCode="dd\\.mm\\.yyyy"/><numFmt numFmtId="165" formatCode="#,##0.00 &quot;lei&quot;"/></numFmts>' +
        '<cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs>' +
        '<cellXfs count="4"><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="164"/><xf numFmtId="165"/></cellXfs>',
      sheet:
        '<row r="3"><c r="A3"><v>18547290</v></c><c r="B3" s="1"><v>45322</v></c><c r="C3" s="2"><v>45322.5</v></c><c r="D3" s="3"><v>12.5</v></c>' +
        '<c r="E3" t="b"><v>1</v></c><c r="F3" t="e"><v>#N/A</v></c><c r="G3"><f>1+1</f><v>2</v></c><c r="H3" t="str"><f>A1&amp;"x"</f><v>ax</v></c>' +
        '<c r="I3" t="d"><v>2026-01-31</v></c><c r="J3"><v></v></c></row>',
    });
    const [row] = await rowsOfFile(file);
    expect(row.row).toBe(3);
    expect(row.cells).toEqual([
      18547290,
      new Date(Date.UTC(2024, 0, 31)),
      new Date(Date.UTC(2024, 0, 31, 12)),
      12.5,
      true,
      null,
      2,
      "ax",
      new Date(Date.UTC(2026, 0, 31)),
      null,
    ]);
  });

  it("takes the workbook's first sheet, with namespace prefixes and without r attributes", async () => {
    const file = handMadeXlsx({
      workbook:
        '<x:workbook xmlns:x="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:rel="http://schemas.openxmlformats.org/officeDocument/2006/relationships">' +
        '<x:workbookPr date1904="1"/><x:sheets><x:sheet name="First" sheetId="2" rel:id="rId2"/><x:sheet name="Second" sheetId="1" rel:id="rId1"/></x:sheets></x:workbook>',
      sheet: '<row r="1"><c r="A1"><v>1</v></c></row>',
      sheet2: "<row><c><v>1</v></c><c><v>2</v></c></row><row><c r=\"C2\"><v>3</v></c></row>",
    });
    expect(await rowsOfFile(file)).toEqual([
      { row: 1, cells: [1, 2] },
      { row: 2, cells: [null, null, 3] },
    ]);
  });

  it("refuses broken XML, a DOCTYPE and unknown entities as a damaged file", async () => {
    const broken = [
      '<row r="1"><c r="A1"><v>1</c></row>',
      '<row r="1"><c r="A1"><v>1</v></c>',
      '<row r="1"><c r="A1" t="str"><v>&bogus;</v></c></row>',
      '<row r="1"><c r="A1" t="str"><v>&#0;</v></c></row>',
    ];
    for (const sheet of broken) {
      await expect(rowsOfFile(handMadeXlsx({ sheet })), sheet).rejects.toThrow(excelMessages.corrupt);
    }
    const withDoctype = zipOf([
      { name: "xl/worksheets/sheet1.xml", data: Buffer.from('<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaa">]><worksheet><sheetData/></worksheet>') },
    ]);
    await expect(rowsOfFile(withDoctype)).rejects.toThrow(excelMessages.corrupt);
    expect(await rowsOfFile(handMadeXlsx({ sheet: "", strings: "" }))).toEqual([]);
  });

  it("keeps a multi-byte character cut by a chunk boundary whole (exceljs's reader made it U+FFFD)", async () => {
    // ~1 MiB of shared strings, nearly all two-byte characters: the old reader garbled 12 of them
    const names = Array.from({ length: 20_000 }, (_, i) => `ȘȚĂÎÂșțăîâ ${i} ȘȚĂÎÂșțăîâ`);
    const rows = await rowsOfFile(await xlsxOf(names.map((name) => [name])));
    expect(rows.map((r) => r.cells[0])).toEqual(names);
  });

  it("scans XML the same whatever the chunks it arrives in", () => {
    const xml =
      '<?xml version="1.0"?><!-- a > comment --><a x="1 > 0" y=\'&amp;\'><b/>text &lt; more<![CDATA[<raw>]]><c:d e="f">g</c:d></a>';
    const scan = (chunks: string[]) => {
      const events: string[] = [];
      let inText = false; // consecutive pieces of text are one text
      const scanner = new XmlScanner({
        open: (name, attributes) => (events.push(`<${name}${attributes}>`), (inText = false)),
        close: (name) => (events.push(`</${name}>`), (inText = false)),
        text: (text) => {
          if (inText) events[events.length - 1] += text;
          else events.push(text);
          inText = true;
        },
      });
      for (const chunk of chunks) scanner.write(chunk);
      scanner.end();
      return events.join("|");
    };
    const whole = scan([xml]);
    expect(whole).toBe('<a x="1 > 0" y=\'&amp;\'>|<b>|</b>|text < more<raw>|<d e="f">|g|</d>|</a>');
    expect(scan([...xml])).toBe(whole);
    for (let size = 2; size < 12; size++) {
      const chunks = [];
      for (let at = 0; at < xml.length; at += size) chunks.push(xml.slice(at, at + size));
      expect(scan(chunks), `chunks of ${size}`).toBe(whole);
    }
  });
});
