/**
 * `npm run backup -- <file>` (scripts/backup.ts): copies taken by the real command, in its own
 * process, again and again while the server's process imports a 50,000-row customer file into
 * the same SQLite database: each copy opens, passes `PRAGMA integrity_check`, and holds either
 * none or all of the import (one transaction); a copy taken after holds all of it. It never
 * writes over an existing file; on PostgreSQL it copies nothing and names PostgreSQL's tools.
 */
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
  beforeAll(async () => {
    const file = join(dir, "clienti.xlsx");
    const writer = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: file, useSharedStrings: true });
    const sheet = writer.addWorksheet("Clienți");
    sheet.addRow(HEADERS).commit();
    for (let i = 0; i < ROWS; i++) sheet.addRow([`Firma ${i} SRL`, "RO18547290", null, `B${i}`, `Strada ${i}`, "Cluj-Napoca", "Cluj"]).commit();
    await writer.commit();
    workbook = readFileSync(file);
    t = await testApp("sqlite", { env: { TASK_WORKER: "off" } });
  }, 120_000);
  afterAll(() => t?.close());

  it("takes consistent copies that pass the integrity check while a 50,000-row import runs", async () => {
    const { invoicing } = await signInDemoRoles(t);
    const before = inspect(t.databaseUrl.slice("sqlite:".length)).customers;
    const { body, headers } = multipart(workbook);
    let importing = true;
    const imported = t.api("POST", "/api/smartbill/customer/import", { session: invoicing, body, headers }).finally(() => {
      importing = false;
    });
    const duringImport: string[] = [];
    for (let i = 0; importing; i++) {
      const target = join(dir, `during-${i}.db`);
      const startedDuringImport = importing;
      const result = await backup(t.databaseUrl, target);
      expect(result.code, result.output).toBe(0);
      expect(result.output).toContain("integrity check ok");
      if (startedDuringImport && importing) duringImport.push(target);
      const copy = inspect(target);
      expect(copy.integrity).toBe("ok");
      expect([before, before + ROWS]).toContain(copy.customers);
    }
    const response = await imported;
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<CustomerImportResult>().counters.newItems).toBe(ROWS);
    expect(duringImport.length).toBeGreaterThan(0);

    const after = join(dir, "after.db");
    expect((await backup(t.databaseUrl, after)).code).toBe(0);
    expect(inspect(after)).toEqual({ integrity: "ok", customers: before + ROWS });
  }, 300_000);

  it("never writes over an existing file", async () => {
    const target = join(dir, "existing.db");
    writeFileSync(target, "an earlier backup");
    const result = await backup(t.databaseUrl, target);
    expect(result.code).toBe(1);
    expect(result.output).toContain("already exists");
    expect(readFileSync(target, "utf8")).toBe("an earlier backup");
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
