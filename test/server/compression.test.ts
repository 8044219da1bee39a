/**
 * What travels compressed: the UI's files as the brotli or gzip copies the build wrote beside
 * them (hashed assets cached for a year, index.html revalidated), and the API's answers over
 * 1 KiB compressed as they are sent, streamed ones included, an .xlsx (a zip already) excepted.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Customer, CustomerImportResult, LoginResponse, Page } from "../../contract/api";
import { writeCompressedCopies } from "../../scripts/precompress";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { messages } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, rowsOf, xlsxOf } from "../helpers/excelFiles";
import { invoicingUserOfNewTenant } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const SECURITY_HEADERS = {
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  "content-security-policy": expect.stringContaining("script-src 'self'"),
};
const IMMUTABLE = "public, max-age=31536000, immutable";
const BR_OR_GZIP = "br, gzip";
const HEADERS = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
const customerRow = (n: number) => {
  const code = `K${String(n).padStart(3, "0")}`;
  return [`Client Comprimat ${code} SRL`, "RO18547290", "J12/1/2020", code, `Str. Lungă nr. ${n}`, "Cluj-Napoca", "Cluj", "BT", "RO49AAAA1B31007593840000", "", `contact${n}@comprimat.ro`, "Ana Pop", "0722000000"];
};

/** The body as the browser reads it, whatever the Content-Encoding. */
function decoded(response: LightMyRequestResponse): Buffer {
  const encoding = response.headers["content-encoding"];
  if (encoding === "br") return brotliDecompressSync(response.rawPayload);
  if (encoding === "gzip") return gunzipSync(response.rawPayload);
  expect(encoding).toBeUndefined();
  return response.rawPayload;
}

describeEachDialect("compressed answers", (dialect) => {
  let t: TestApp;
  let uiDir: string;
  let indexHtml: Buffer;
  let appJs: Buffer;
  beforeAll(async () => {
    // A build's shape: a hashed bundle and an index.html, with the copies the build plugin writes.
    uiDir = mkdtempSync(join(tmpdir(), "ui-compressed-"));
    mkdirSync(join(uiDir, "assets"));
    const words = Array.from({ length: 1500 }, (_, i) => `cuvânt-${i}`);
    writeFileSync(join(uiDir, "assets", "app-Bq3xZ9.js"), `export const words = ${JSON.stringify(words)};\n`);
    writeFileSync(
      join(uiDir, "index.html"),
      `<!doctype html><html lang="ro"><head><meta charset="UTF-8" /><title>Platforma B2B</title>` +
        `<script type="module" crossorigin src="/assets/app-Bq3xZ9.js"></script></head><body>` +
        `<noscript>Această aplicație are nevoie de JavaScript.</noscript>${'<div class="shell"></div>'.repeat(40)}</body></html>`,
    );
    writeFileSync(join(uiDir, "favicon.svg"), '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>');
    await writeCompressedCopies(uiDir);
    indexHtml = readFileSync(join(uiDir, "index.html"));
    appJs = readFileSync(join(uiDir, "assets", "app-Bq3xZ9.js"));
    t = await testApp(dialect, { env: { UI_DIR: uiDir, TASK_WORKER: "off" } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(uiDir, { recursive: true, force: true });
  });

  describe("the UI's files", () => {
    const asset = (acceptEncoding?: string) =>
      t.app.inject({ url: "/assets/app-Bq3xZ9.js", headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });

    it("send a hashed asset as brotli, else gzip, else as it is, each cached for a year and varying by Accept-Encoding", async () => {
      const answers = { br: await asset(BR_OR_GZIP), gzip: await asset("gzip"), identity: await asset() };
      for (const [encoding, response] of Object.entries(answers)) {
        expect([encoding, response.statusCode]).toEqual([encoding, 200]);
        expect([encoding, response.headers["content-encoding"]]).toEqual([encoding, encoding === "identity" ? undefined : encoding]);
        expect(response.headers).toMatchObject({ vary: expect.stringMatching(/accept-encoding/i), "cache-control": IMMUTABLE, ...SECURITY_HEADERS });
        expect(response.headers["content-type"]).toMatch(/^text\/javascript|^application\/javascript/);
        expect(decoded(response).equals(appJs)).toBe(true);
      }
      expect(answers.br.rawPayload.length).toBeLessThan(answers.gzip.rawPayload.length);
      expect(answers.gzip.rawPayload.length).toBeLessThan(appJs.length / 2);
    });

    it("send index.html compressed and revalidated, at / and at a client route", async () => {
      const pages = {
        "/": await t.app.inject({ url: "/", headers: { "accept-encoding": BR_OR_GZIP } }),
        "/admin/users": await t.app.inject({ url: "/admin/users", headers: { accept: "text/html", "accept-encoding": BR_OR_GZIP } }),
        "/admin/users, gzip": await t.app.inject({ url: "/admin/users", headers: { accept: "text/html", "accept-encoding": "gzip" } }),
        "/admin/users, as it is": await t.app.inject({ url: "/admin/users", headers: { accept: "text/html" } }),
      };
      const encodings = Object.values(pages).map((response) => response.headers["content-encoding"]);
      expect(encodings).toEqual(["br", "br", "gzip", undefined]);
      for (const [what, response] of Object.entries(pages)) {
        expect([what, response.statusCode]).toEqual([what, 200]);
        expect(response.headers).toMatchObject({ "cache-control": "no-cache", vary: expect.stringMatching(/accept-encoding/i), ...SECURITY_HEADERS });
        expect(response.headers["content-type"]).toMatch(/^text\/html/);
        expect(decoded(response).equals(indexHtml)).toBe(true);
      }
    });

    it("send a file the build wrote no copy of as it is, never compressing it on the fly", async () => {
      const response = await t.app.inject({ url: "/favicon.svg", headers: { "accept-encoding": BR_OR_GZIP } });
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({ "cache-control": "no-cache", vary: expect.stringMatching(/accept-encoding/i) });
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.body).toBe(readFileSync(join(uiDir, "favicon.svg"), "utf8"));
    });
  });

  describe("the API's answers", () => {
    let superadmin: LoginResponse;
    let clerk: { tenantId: number; session: LoginResponse };
    beforeAll(async () => {
      superadmin = await t.signIn("superadmin@demo.ro");
      clerk = await invoicingUserOfNewTenant(t, superadmin, "Clienți Comprimați SRL", "facturare@comprimati.ro");
    });
    const asClerk = (url: string, acceptEncoding?: string, body?: { body: Buffer; headers: Record<string, string> }) =>
      t.api(body ? "POST" : "GET", url, {
        session: clerk.session,
        tenantId: clerk.tenantId,
        body: body?.body,
        headers: { ...body?.headers, ...(acceptEncoding ? { "accept-encoding": acceptEncoding } : {}) },
      });

    it("stream the customer import's result compressed, decoding to the same result", async () => {
      const file = multipart(await xlsxOf([HEADERS, ...Array.from({ length: 25 }, (_, i) => customerRow(i + 1))]));
      const response = await asClerk("/api/smartbill/customer/import", BR_OR_GZIP, file);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBe("br");
      const result = JSON.parse(decoded(response).toString("utf8")) as CustomerImportResult;
      expect(result.counters).toEqual({ newItems: 25, updatedItems: 0, errorItems: 0 });
      expect(result.preview).toHaveLength(20);
    });

    it("compress a page of 25 customers (brotli, else gzip) to the same JSON, kept out of caches, with the security headers", async () => {
      const url = "/api/smartbill/customer/all?page=0&size=25&sort=codClient,asc";
      const plain = await asClerk(url);
      expect(plain.headers["content-encoding"]).toBeUndefined();
      const page = plain.json<Page<Customer>>();
      expect(page.content).toHaveLength(25);
      expect(plain.rawPayload.length).toBeGreaterThan(5_000);
      for (const encoding of ["br", "gzip"]) {
        const response = await asClerk(url, encoding === "br" ? BR_OR_GZIP : "gzip");
        expect(response.statusCode).toBe(200);
        expect(response.headers).toMatchObject({
          "content-encoding": encoding,
          vary: expect.stringMatching(/accept-encoding/i),
          "cache-control": "no-store",
          "content-type": expect.stringMatching(/^application\/json/),
          ...SECURITY_HEADERS,
        });
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
        expect(JSON.parse(decoded(response).toString("utf8"))).toEqual(page);
      }
    });

    it("send an answer under 1 KiB as it is", async () => {
      const response = await asClerk("/api/me", BR_OR_GZIP);
      expect(response.statusCode).toBe(200);
      expect(response.rawPayload.length).toBeLessThan(1024);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect(response.json()).toMatchObject({ email: "facturare@comprimati.ro" });
      expect(response.headers).toMatchObject({ "cache-control": "no-store", ...SECURITY_HEADERS });
    });

    it("stream the CSV export compressed, decoding to the same file", async () => {
      const url = "/api/smartbill/customer/export?format=csv&sort=codClient,asc";
      const plain = await asClerk(url);
      const response = await asClerk(url, BR_OR_GZIP);
      expect(response.statusCode).toBe(200);
      expect(response.headers).toMatchObject({
        "content-encoding": "br",
        "content-type": "text/csv; charset=utf-8",
        "content-disposition": 'attachment; filename="clienti.csv"',
        "cache-control": "no-store",
      });
      expect(decoded(response).equals(plain.rawPayload)).toBe(true);
      expect(plain.body.trimEnd().split("\r\n")).toHaveLength(26);
    });

    it("send the XLSX export as it is: it is a zip already", async () => {
      const response = await asClerk("/api/smartbill/customer/export?format=xlsx&sort=codClient,asc", BR_OR_GZIP);
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-encoding"]).toBeUndefined();
      expect((await rowsOf(response.rawPayload)).slice(1).map((row) => row[3])).toHaveLength(25);
    });

    it("never inflate a compressed request body: it is refused as the bytes it is", async () => {
      const response = await t.api("POST", "/dmz-api/login", {
        body: gzipSync(JSON.stringify({ username: "admin@demo.ro", password: DEMO_PASSWORD })),
        headers: { "content-type": "application/json", "content-encoding": "gzip" },
        xsrf: false,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ message: messages.malformedJson });
    });
  });
});
