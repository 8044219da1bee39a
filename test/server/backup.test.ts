/**
 * `npm run backup -- <file>` (scripts/backup.ts): copies taken by the real command, in its own
 * process, again and again while the server's process imports a 50,000-row customer file into
 * the same SQLite database: each copy opens, passes `PRAGMA integrity_check`, and holds either
 * none or all of the import (one transaction); a copy taken while the import's transaction holds
 * every row uncommitted holds none of them; a copy taken after holds all of it. The copy is
 * created anew, readable by its owner only: never over an existing file or through a symbolic
 * link, and a missing folder is named in one line. On PostgreSQL it copies nothing and names
 * PostgreSQL's tools.
 */
import { execFile } from "node:child_process";
import { existsSync, lstatSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import SQLite from "better-sqlite3";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerImportResult } from "../../contract/api";
import { freshDatabaseUrl, removeTemporaryDatabases } from "../helpers/databases";
import { dialects } from "../helpers/dialects";
import { multipart } from "../helpers/excelFiles";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

const ROWS = 50_000;
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];

const dir = mkdtempSync(join(tmpdir(), "backup-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterAll(removeTemporaryDatabases);

/** `npm run backup -- <file>` as an operator runs it, against `databaseUrl`. */
async function backup(databaseUrl: string, target: string) {
  try {
    const { stdout } = await promisify(execFile)("npm", ["run", "--silent", "backup", "--", target], {
      env: { ...process.env, DATABASE_URL: databaseUrl },
    });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: failed.stdout + failed.stderr };
  }
}

/** The copy's integrity check and its number of customers. */
function inspect(file: string): { integrity: unknown; customers: number } {
  const copy = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    return {
      integrity: copy.pragma("integrity_check", { simple: true }),
      customers: Number(copy.prepare("select count(*) as n from customers").pluck().get()),
    };
  } finally {
    copy.close();
  }
}

describe("npm run backup on SQLite", () => {
  let t: TestApp;
  let workbook: Buffer;
  // The import's transaction, once every row and its audit row are written, waits for this
  // test: it holds until a copy started after that moment has finished (`heldCopyTaken`).
  let holding = false;
  let releaseImport!: () => void;
  const heldCopyTaken = new Promise<void>((resolve) => (releaseImport = resolve));
  beforeAll(async () => {
    const file = join(dir, "clienti.xlsx");
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const sheet = writer.addWorksheet("Clienți");
    sheet.addRow(HEADERS).commit();
    for (let i = 0; i < ROWS; i++) sheet.addRow([`Firma ${i} SRL`, "RO18547290", null, `B${i}`, `Strada ${i}`, "Cluj-Napoca", "Cluj"]).commit();
    await writer.commit();
    workbook = readFileSync(file);
    t = await testApp("sqlite", {
      env: { TASK_WORKER: "off" },
      // The import writes its audit row last, in the transaction of its rows (plugins/audit.ts):
      // the pause point this test waits on, rather than on how long the import takes.
      prepare: (app) =>
        app.addHook("preHandler", async (request) => {
          if (request.method !== "POST" || request.routeOptions.url !== "/api/smartbill/customer/import") return;
          const audit = request.audit.bind(request);
          request.audit = async (db, record) => {
            await audit(db, record);
            holding = true;
            await heldCopyTaken;
          };
        }),
    });
  }, 120_000);
  afterAll(() => t?.close());

  it("takes consistent copies that pass the integrity check while a 50,000-row import runs", async () => {
    const { invoicing } = await signInDemoRoles(t);
    const before = inspect(t.databaseUrl.slice("sqlite:".length)).customers;
    const { body, headers } = multipart(workbook);
    let importing = true;
    const imported = t.api("POST", "/api/smartbill/customer/import", { session: invoicing, body, headers }).finally(() => {
      importing = false;
      releaseImport(); // an import that never reached its pause point holds nothing
    });
    // Copies one after the other until the import has answered; it cannot answer before a copy
    // taken while it held every row uncommitted has finished.
    let whileHeld: ReturnType<typeof inspect> | undefined;
    try {
      for (let i = 0; importing; i++) {
        const target = join(dir, `during-${i}.db`);
        const startedWhileHeld = holding;
        const result = await backup(t.databaseUrl, target);
        expect(result.code, result.output).toBe(0);
        expect(result.output).toContain("integrity check ok");
        const copy = inspect(target);
        expect(copy.integrity).toBe("ok");
        expect([before, before + ROWS]).toContain(copy.customers);
        if (startedWhileHeld && !whileHeld) {
          whileHeld = copy;
          releaseImport();
        }
      }
    } finally {
      releaseImport(); // a failed copy must not leave the import holding its transaction
    }
    const response = await imported;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CustomerImportResult>().counters.newItems).toBe(ROWS);
    // Taken while the transaction held all 50,000 rows, written but not committed: none of them.
    expect(holding).toBe(true);
    expect(whileHeld).toEqual({ integrity: "ok", customers: before });

    const after = join(dir, "after.db");
    expect((await backup(t.databaseUrl, after)).code).toBe(0);
    expect(inspect(after)).toEqual({ integrity: "ok", customers: before + ROWS });
  }, 300_000);

  it("creates the copy readable and writable by its owner only", async () => {
    const target = join(dir, "private.db");
    expect((await backup(t.databaseUrl, target)).code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it("never writes over an existing file", async () => {
    const target = join(dir, "existing.db");
    writeFileSync(target, "an earlier backup");
    const result = await backup(t.databaseUrl, target);
    expect(result.code).toBe(1);
    expect(result.output).toContain("already exists");
    expect(readFileSync(target, "utf8")).toBe("an earlier backup");
  });

  it("never follows a symbolic link at the name, even one that points nowhere", async () => {
    const pointedAt = join(dir, "planted.db");
    const target = join(dir, "link.db");
    symlinkSync(pointedAt, target);
    const result = await backup(t.databaseUrl, target);
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(`${target} already exists (a symbolic link); choose a new file name.`);
    expect(existsSync(pointedAt)).toBe(false);
    expect(lstatSync(target).isSymbolicLink()).toBe(true);
  });

  it("names a missing folder in one line, without a stack trace, and exits non-zero", async () => {
    const folder = join(dir, "no-such-folder");
    const result = await backup(t.databaseUrl, join(folder, "copy.db"));
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(`The folder ${folder} does not exist; create it first.`);
    expect(existsSync(folder)).toBe(false);
  });

  it("names a missing database in one line, and creates no copy", async () => {
    const target = join(dir, "of-nothing.db");
    const result = await backup(`sqlite:${join(dir, "no-such.db")}`, target);
    expect(result.code).toBe(1);
    expect(result.output.trim()).toBe(`There is no database at ${join(dir, "no-such.db")}.`);
    expect(existsSync(target)).toBe(false);
  });
});

describe.skipIf(dialects[1].skipReason !== null)("npm run backup on PostgreSQL", () => {
  it("copies nothing and names pg_dump and point-in-time recovery", async () => {
    const target = join(dir, "pg.db");
    const result = await backup(await freshDatabaseUrl("postgres"), target);
    expect(result.code).toBe(2);
    expect(result.output).toContain("pg_dump");
    expect(() => readFileSync(target)).toThrow();
  });
});
