/**
 * /api/smartbill/customer on both dialects: the list (compat and paged, sort, q, filters), the
 * export, the template, the import (dry run, upsert, refusals that write nothing), the error
 * report, roles and tenant isolation.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Customer, CustomerImportResult, LoginResponse, Page } from "../../contract/api";
import { excelMessages } from "../../server/messages";
import { sheetJsRead } from "../helpers/csvReaders";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, rowsOf, xlsxOf, zipBomb } from "../helpers/excelFiles";
import { invoicingUserOfNewTenant } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const fixture = (name: string) => readFileSync(join(import.meta.dirname, "../fixtures/customers", name));
const ROLE_FORBIDDEN = { message: "Nu aveți dreptul să accesați această resursă." };
const NO_FILE = "Te rugăm să selectezi un fișier înainte de a-l încărca.";
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const row = (code: string, name: string, localitate = "Cluj-Napoca", judet = "Cluj", email = "") =>
  [name, "RO18547290", "J12/1/2020", code, "Str. 1", localitate, judet, "BT", "RO49AAAA1B31007593840000", "", email, "Ana", "0722000000"];

describeEachDialect("the customers resource (/api/smartbill/customer)", (dialect) => {
  let t: TestApp;
  let superadmin: LoginResponse;
  let admin: LoginResponse;
  let invoicing: LoginResponse;
  let other: { tenantId: number; session: LoginResponse };
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ superadmin, admin, invoicing } = await signInDemoRoles(t));
    other = await invoicingUserOfNewTenant(t, superadmin, "Clienți Alt Tenant SRL", "facturare@clienti-alt.ro");
  });
  afterAll(() => t.close());

  const upload = (url: string, file: Buffer, session = invoicing, tenantId?: number, filename?: string) => {
    const { body, headers } = multipart(file, filename);
    return t.api("POST", url, { session, tenantId, body, headers });
  };
  const importFile = (file: Buffer, query = "", session = invoicing, tenantId?: number) =>
    upload(`/api/smartbill/customer/import${query}`, file, session, tenantId);
  const list = (query = "", session = invoicing, tenantId?: number) =>
    t.api("GET", `/api/smartbill/customer/all${query}`, { session, tenantId });
  const dump = () => t.db.selectFrom("customers").selectAll().orderBy("id").execute();

  describe("import", () => {
    it("checks without writing on a dry run, with counters, a preview and every rejected row", async () => {
      const before = await dump();
      const res = await importFile(fixture("ro-title.xlsx"), "?dryRun=true");
      expect(res.statusCode).toBe(200);
      const result = res.json<CustomerImportResult>();
      expect(result).toMatchObject({ error: false, dryRun: true, counters: { newItems: 3, updatedItems: 0, errorItems: 4 } });
      expect(result.preview.map((p) => [p.codClient, p.action])).toEqual([["C001", "new"], ["C002", "new"], ["C006", "new"]]);
      expect(result.preview[0]).toMatchObject({ clientName: "Șervețele Ţesute SRL", tara: "Romania" });
      expect(result.rejected.map((r) => r.row)).toEqual([5, 6, 7, 8]);
      expect(await dump()).toEqual(before);
    });

    it("writes the valid rows and says so; re-importing updates instead of duplicating", async () => {
      const res = await importFile(fixture("ro-title.xlsx"));
      expect(res.statusCode).toBe(200);
      const result = res.json<CustomerImportResult>();
      expect(result.message).toBe("Import finalizat: 3 clienți noi, 0 actualizați, 4 rânduri respinse.");
      expect(result.counters).toEqual({ newItems: 3, updatedItems: 0, errorItems: 4 });
      const stored = await t.db.selectFrom("customers").selectAll().where("codClient", "in", ["C001", "C002", "C006"]).orderBy("codClient").execute();
      expect(stored.map((c) => c.codClient)).toEqual(["C001", "C002", "C006"]);

      const again = (await importFile(fixture("ro-title.xls"))).json<CustomerImportResult>();
      expect(again.counters).toEqual({ newItems: 0, updatedItems: 3, errorItems: 4 });
      expect(again.preview.every((p) => p.action === "update")).toBe(true);
      const after = await t.db.selectFrom("customers").selectAll().where("codClient", "in", ["C001", "C002", "C006"]).orderBy("codClient").execute();
      expect(after.map((c) => [c.id, c.createdAt])).toEqual(stored.map((c) => [c.id, c.createdAt]));
    });

    it("updates a changed customer by its code", async () => {
      await importFile(await xlsxOf([HEADERS, row("UPD1", "Vechi SRL")]));
      const res = await importFile(await xlsxOf([HEADERS, row("UPD1", "Nou SRL", "Iași", "Iași")]));
      expect(res.json<CustomerImportResult>().counters).toEqual({ newItems: 0, updatedItems: 1, errorItems: 0 });
      const stored = await t.db.selectFrom("customers").selectAll().where("codClient", "=", "UPD1").execute();
      expect(stored).toHaveLength(1);
      expect(stored[0]).toMatchObject({ clientName: "Nou SRL", localitate: "Iași" });
    });

    it("counts new and updated rows of one file apart, in the preview as in the write", async () => {
      await importFile(await xlsxOf([HEADERS, row("MIX1", "Existent SRL")]));
      const file = await xlsxOf([HEADERS, row("MIX2", "Nou Unu SRL"), row("MIX1", "Existent Schimbat SRL"), row("MIX3", "Nou Doi SRL")]);
      const checked = (await importFile(file, "?dryRun=true")).json<CustomerImportResult>();
      const written = (await importFile(file)).json<CustomerImportResult>();
      for (const result of [checked, written]) {
        expect(result.counters).toEqual({ newItems: 2, updatedItems: 1, errorItems: 0 });
        expect(result.preview.map((p) => [p.codClient, p.action])).toEqual([["MIX2", "new"], ["MIX1", "update"], ["MIX3", "new"]]);
      }
      expect(checked.message).toBe("Verificare finalizată: 2 clienți noi, 1 client de actualizat, 0 rânduri respinse. Nimic nu a fost salvat.");
      expect(written.message).toBe("Import finalizat: 2 clienți noi, 1 actualizat, 0 rânduri respinse.");
    });

    it("counts exactly what each of two imports run at once inserted, files sharing codes in opposite orders", async () => {
      const shared = Array.from({ length: 20 }, (_, i) => row(`PAR-S${i}`, `Comun ${i} SRL`));
      const own = (prefix: string) => Array.from({ length: 1500 }, (_, i) => row(`PAR-${prefix}${i}`, `Firma ${prefix}${i} SRL`));
      const first = await xlsxOf([HEADERS, ...shared, ...own("A")]);
      const second = await xlsxOf([HEADERS, ...[...shared].reverse(), ...own("B")]);
      const answers = await Promise.all([importFile(first), importFile(second)]);
      const results = answers.map((res) => {
        expect(res.statusCode, res.body).toBe(200);
        return res.json<CustomerImportResult>();
      });
      const [a, b] = results.map((result) => result.counters);
      // Each preview (the 20 shared codes) agrees with its own write: new to the first, updated by the second.
      for (const result of results) {
        const expected = result.counters.newItems === 1520 ? "new" : "update";
        expect(result.preview.map((p) => p.action)).toEqual(Array(20).fill(expected));
      }
      // Each file's own 1,500 codes are new; the 20 shared ones are new to whichever wrote first.
      expect(a.newItems + b.newItems).toBe(3020);
      expect([a.newItems, b.newItems].sort()).toEqual([1500, 1520]);
      expect(a.newItems + a.updatedItems).toBe(1520);
      expect(b.newItems + b.updatedItems).toBe(1520);
      const stored = await t.db.selectFrom("customers").select("id").where("tenantId", "=", 2).where("codClient", "like", "PAR-%").execute();
      expect(stored).toHaveLength(3020);
    });

    const refused: [string, () => Buffer | Promise<Buffer>, string][] = [
      ["a missing column", () => fixture("missing-columns.xlsx"), "Lipsesc coloanele obligatorii: CIF, IBAN."],
      ["a renamed text file", () => fixture("renamed-text.xlsx"), excelMessages.notExcel],
      ["a truncated zip", () => fixture("truncated.xlsx"), excelMessages.corrupt],
      ["a zip bomb", () => fixture("zip-bomb.xlsx"), excelMessages.zipBomb],
      ["a zip bomb declaring its size", () => zipBomb(1024 * 1024, 300 * 1024 * 1024), excelMessages.zipBomb],
      ["a password-protected .xls", () => fixture("password.xls"), excelMessages.passwordProtected],
      ["a password-protected .xlsx", () => fixture("encrypted.xlsx"), excelMessages.passwordProtected],
      ["a sheet with no data rows", () => xlsxOf([HEADERS]), excelMessages.noData],
    ];
    for (const [what, file, message] of refused) {
      it(`refuses ${what} with 400 '${message}', leaves the table exactly as it was, and keeps serving`, async () => {
        const before = await dump();
        const res = await importFile(await file());
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ message, error: true, errorMessage: message, counters: { newItems: 0, updatedItems: 0, errorItems: 0 } });
        expect(await dump()).toEqual(before);
        expect((await list("?page=0&size=1")).statusCode).toBe(200);
      });
    }

    it("asks for a file when none is sent, or when the body is not multipart", async () => {
      const empty = await t.api("POST", "/api/smartbill/customer/import", { session: invoicing });
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ message: NO_FILE, error: true });
      const json = await t.api("POST", "/api/smartbill/customer/import", { session: invoicing, body: { file: "x" } });
      expect(json.statusCode).toBe(400);
      expect(json.json().message).toBe(NO_FILE);
      const wrongField = multipart(fixture("en-order.xlsx"), "a.xlsx", "document");
      const res = await t.api("POST", "/api/smartbill/customer/import", { session: invoicing, ...wrongField });
      expect(res.json().message).toBe(NO_FILE);
    });

    it("refuses an upload over 20 MiB", async () => {
      const res = await importFile(Buffer.alloc(20 * 1024 * 1024 + 10, 0x41));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe("Fișierul depășește limita de 20 MiB.");
    });

    it("answers the rejected rows as an .xlsx error report", async () => {
      const res = await upload("/api/smartbill/customer/import/errors", fixture("ro-title.xlsx"));
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toContain("attachment");
      const rows = await rowsOf(res.rawPayload);
      expect(rows[0].slice(0, 4)).toEqual(["Rând Excel", "Cod client", "Motiv", "Denumire client"]);
      expect(rows.slice(1).map((r) => [r[0], r[1]])).toEqual([[5, "C003"], [6, "C004"], [7, "C005"], [8, "C001"]]);
      expect(rows[1][3]).toBe("Firma CIF Greșit SRL");
    });
  });

  describe("list and export", () => {
    beforeAll(async () => {
      const res = await importFile(
        await xlsxOf([
          HEADERS,
          row("L003", "Zeta Ștrand SRL", "Timișoara", "Timiș", "zeta@ex.ro"),
          row("L001", "Alfa Lemn SRL", "Cluj-Napoca", "Cluj", "alfa@ex.ro"),
          row("L002", "Beta; Cu \"Ghilimele\" SRL", "Dej", "Cluj"),
        ]),
      );
      expect(res.statusCode).toBe(200);
    });

    it("answers the tenant's customers as an array without page/size (the spec's form)", async () => {
      const res = await list();
      expect(res.statusCode).toBe(200);
      const customers = res.json<Customer[]>();
      expect(Array.isArray(customers)).toBe(true);
      expect(customers.map((c) => c.codClient)).toEqual(expect.arrayContaining(["L001", "L002", "L003"]));
    });

    it("pages, sorts, searches and filters by column (contains, any case)", async () => {
      const page = (await list("?page=0&size=2&sort=clientName,desc&codClient=l00")).json<Page<Customer>>();
      expect(page).toMatchObject({ totalElements: 3 });
      expect(page.content.map((c) => c.codClient)).toEqual(["L003", "L002"]);
      const cluj = (await list("?page=0&size=10&judet=CLUJ&codClient=L&sort=localitate,asc")).json<Page<Customer>>();
      expect(cluj.content.map((c) => c.localitate)).toEqual(["Cluj-Napoca", "Dej"]);
      const q = (await list("?page=0&size=10&q=ștrand")).json<Page<Customer>>();
      expect(q.content.map((c) => c.codClient)).toEqual(["L003"]);
      const byEmail = (await list("?page=0&size=10&q=ALFA@EX")).json<Page<Customer>>();
      expect(byEmail.content.map((c) => c.codClient)).toEqual(["L001"]);
      expect((await list("?sort=nope,asc")).statusCode).toBe(400);
      expect((await list("?unknown=1")).statusCode).toBe(400);
    });

    it("searches ignoring case and Romanian diacritics, in the index and in short texts alike", async () => {
      const codes = async (query: string) =>
        (await list(`?page=0&size=10&sort=codClient,asc&${query}`)).json<Page<Customer>>().content.map((c) => c.codClient);
      // Typed without diacritics or in capitals (3+ characters: the trigram index on SQLite).
      expect(await codes("localitate=timis")).toEqual(["L003"]);
      expect(await codes("q=STRAND")).toEqual(["L003"]);
      expect(await codes(`judet=${encodeURIComponent("TIMIȘ")}`)).toEqual(["L003"]);
      // Under 3 characters (a scan with fold() on both databases), and the old cedilla ş.
      expect(await codes(`localitate=${encodeURIComponent("Şo")}`)).toEqual(["L003"]);
      expect(await codes("localitate=de")).toEqual(["L002"]);
      // Every term must match; quotes and LIKE's wildcards are plain text.
      expect(await codes("judet=cluj&localitate=napoca&codClient=l00")).toEqual(["L001"]);
      expect(await codes(`q=${encodeURIComponent('"Ghilimele"')}`)).toEqual(["L002"]);
      expect(await codes("q=%25")).toEqual([]);
      expect(await codes("q=a_b")).toEqual([]);
      const counted = (await list("?page=0&size=1&judet=cluj&codClient=l00")).json<Page<Customer>>();
      expect(counted.totalElements).toBe(2);
    });

    it("finds a re-imported customer by its new text and no longer by its old", async () => {
      await importFile(await xlsxOf([HEADERS, row("REN1", "Numevechi SRL", "Vaslui", "Vaslui")]));
      const found = async (query: string) => (await list(`?page=0&size=10&${query}`)).json<Page<Customer>>().totalElements;
      expect(await found("clientName=numevechi")).toBe(1);
      await importFile(await xlsxOf([HEADERS, row("REN1", "Numenou SRL", "Bârlad", "Vaslui")]));
      expect(await found("clientName=numevechi")).toBe(0);
      expect(await found("clientName=numenou&localitate=barlad")).toBe(1);
    });

    it("exports the filtered list as CSV (UTF-8 BOM, ';', Romanian headers)", async () => {
      const res = await t.api("GET", "/api/smartbill/customer/export?format=csv&codClient=L0&sort=codClient,asc", { session: invoicing });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="clienti.csv"');
      expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
      const lines = res.body.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
      expect(lines[0]).toBe(HEADERS.map((header) => `"${header}"`).join(";"));
      expect(lines[2]).toContain('"Beta; Cu ""Ghilimele"" SRL"');
      const { rows } = sheetJsRead(res.body, ";");
      expect(rows.slice(1).map((row) => row[0])).toEqual(["Alfa Lemn SRL", 'Beta; Cu "Ghilimele" SRL', "Zeta Ștrand SRL"]);
    });

    it("exports the filtered list as XLSX", async () => {
      const res = await t.api("GET", "/api/smartbill/customer/export?format=xlsx&judet=cluj&codClient=L0&sort=codClient,desc", { session: invoicing });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-disposition"]).toBe('attachment; filename="clienti.xlsx"');
      const rows = await rowsOf(res.rawPayload);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows.slice(1).map((r) => r[3])).toEqual(["L002", "L001"]);
    });

    it("refuses an export sorted by no column with a whole 400, before any line of the file", async () => {
      for (const format of ["csv", "xlsx"]) {
        const res = await t.api("GET", `/api/smartbill/customer/export?format=${format}&sort=nosuch,asc`, { session: invoicing });
        expect(res.statusCode).toBe(400);
        expect(res.headers["content-disposition"]).toBeUndefined();
        expect(res.json().message).toMatch(/^Nu se poate sorta după „nosuch”\. Câmpuri permise: id, clientName, /);
      }
    });

    it("offers a template with the Romanian headers and an example row that imports cleanly", async () => {
      const res = await t.api("GET", "/api/smartbill/customer/import/template", { session: invoicing });
      expect(res.statusCode).toBe(200);
      const rows = await rowsOf(res.rawPayload);
      expect(rows[0]).toEqual(HEADERS);
      expect(rows).toHaveLength(2);
      const check = (await importFile(res.rawPayload, "?dryRun=true")).json<CustomerImportResult>();
      expect(check.counters.errorItems).toBe(0);
    });
  });

  describe("access", () => {
    it("lets the super-admin import and list for tenant 2 through X-Tenant-ID", async () => {
      const res = await importFile(await xlsxOf([HEADERS, row("SA1", "Super SRL")]), "", superadmin, 2);
      expect(res.statusCode).toBe(200);
      const stored = await t.db.selectFrom("customers").select("tenantId").where("codClient", "=", "SA1").execute();
      expect(stored).toEqual([{ tenantId: 2 }]);
      expect((await list("?page=0&size=5&codClient=SA1", superadmin, 2)).json<Page<Customer>>().totalElements).toBe(1);
    });

    it("refuses the admin role (403) on every route", async () => {
      expect((await list("", admin)).json()).toEqual(ROLE_FORBIDDEN);
      expect((await list("", admin)).statusCode).toBe(403);
      expect((await importFile(fixture("en-order.xlsx"), "", admin)).statusCode).toBe(403);
      expect((await t.api("GET", "/api/smartbill/customer/export", { session: admin })).statusCode).toBe(403);
      expect((await t.api("GET", "/api/smartbill/customer/import/template", { session: admin })).statusCode).toBe(403);
    });

    it("keeps tenants apart: the same code in two tenants, each seeing only its own", async () => {
      const mine = await importFile(await xlsxOf([HEADERS, row("ISO1", "Al meu SRL")]));
      expect(mine.json<CustomerImportResult>().counters.newItems).toBe(1);
      const theirs = await importFile(await xlsxOf([HEADERS, row("ISO1", "Al lor SRL")]), "", other.session);
      expect(theirs.json<CustomerImportResult>().counters).toEqual({ newItems: 1, updatedItems: 0, errorItems: 0 });
      const seen = (await list("", other.session)).json<Customer[]>();
      expect(seen.map((c) => c.clientName)).toEqual(["Al lor SRL"]);
      const mineSeen = (await list("?page=0&size=5&codClient=ISO1")).json<Page<Customer>>();
      expect(mineSeen).toMatchObject({ totalElements: 1, content: [{ clientName: "Al meu SRL" }] });
      const theirsFound = (await list("?page=0&size=5&q=lor%20srl", other.session)).json<Page<Customer>>();
      expect(theirsFound).toMatchObject({ totalElements: 1, content: [{ codClient: "ISO1" }] });
      expect((await list("?page=0&size=5&q=lor%20srl")).json<Page<Customer>>().totalElements).toBe(0);
      expect((await list("", invoicing, other.tenantId)).statusCode).toBe(403);
    });
  });
});
