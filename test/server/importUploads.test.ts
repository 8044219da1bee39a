/**
 * The customer import and the invoice import read their upload the same way (excel/upload.ts):
 * the same bad upload gets the same 400, in each import's result shape, and nothing is stored.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { excelMessages } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { xlsxOf } from "../helpers/excelFiles";
import { type ApiCall, type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const IMPORTS = ["/api/smartbill/customer/import", "/api/smartbill/invoice/import"] as const;

/** A multipart body of the given parts; `end: false` breaks it off after the last part's bytes. */
function parts(list: { name: string; filename?: string; content: Buffer | string }[], options: { end?: boolean } = {}) {
  const boundary = `----upload${randomBytes(8).toString("hex")}`;
  const chunks = list.flatMap(({ name, filename, content }) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"` : ""}\r\n` +
        (filename ? "Content-Type: application/octet-stream\r\n" : "") +
        "\r\n",
    ),
    Buffer.from(content),
    Buffer.from("\r\n"),
  ]);
  if (options.end !== false) chunks.push(Buffer.from(`--${boundary}--\r\n`));
  else chunks.pop();
  return { body: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

describeEachDialect("the imports' uploads (customers and invoices alike)", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let workbook: Buffer;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    ({ invoicing } = await signInDemoRoles(t));
    workbook = await xlsxOf([["Denumire produs", "Cod produs", "Cantitate", "Pret", "Procent TVA"], ["A", "A1", 1, 1, 21]]);
  });
  afterAll(() => t.close());

  const counts = async () => ({
    customers: (await t.db.selectFrom("customers").select("id").execute()).length,
    invoices: (await t.db.selectFrom("invoices").select("id").execute()).length,
  });

  const bad: [string, () => Pick<ApiCall, "body" | "headers">, string][] = [
    ["a JSON body", () => ({ body: { file: "x" } }), excelMessages.noFile],
    ["a text body", () => ({ body: "file=x", headers: { "content-type": "text/plain" } }), excelMessages.noFile],
    ["no part named file", () => parts([{ name: "document", filename: "a.xlsx", content: workbook }]), excelMessages.noFile],
    ["an empty file", () => parts([{ name: "file", filename: "a.xlsx", content: "" }]), excelMessages.noFile],
    ["a file over 20 MiB", () => parts([{ name: "file", filename: "a.xlsx", content: Buffer.alloc(20 * 1024 * 1024 + 10, 0x41) }]), excelMessages.tooLarge],
    [
      "three files",
      () => parts(["a", "b", "c"].map((n) => ({ name: "file", filename: `${n}.xlsx`, content: workbook }))),
      excelMessages.tooManyParts,
    ],
    ["a body broken off within the file", () => parts([{ name: "file", filename: "a.xlsx", content: workbook.subarray(0, 100) }], { end: false }), excelMessages.notExcel],
  ];

  it("refuses each bad upload with the same 400 and sentence on both imports, storing nothing", async () => {
    const before = await counts();
    for (const [what, upload, message] of bad) {
      for (const url of IMPORTS) {
        const res = await t.api("POST", url, { session: invoicing, ...upload() });
        expect(res.statusCode, `${what}, ${url}: ${res.body}`).toBe(400);
        expect(res.json(), `${what}, ${url}`).toMatchObject({ message, error: true, errorMessage: message });
      }
    }
    expect(await counts()).toEqual(before);
  });

  describe("a good upload", () => {
    it("is read by both imports (the file, and the invoice's payload as a field)", async () => {
      const customers = await t.api("POST", `${IMPORTS[0]}?dryRun=true`, { session: invoicing, ...parts([{ name: "file", filename: "a.xlsx", content: workbook }]) });
      // The workbook is an invoice's: the customer import reads it, and finds no customer header in it.
      expect(customers.json().message).toMatch(/^Nu am găsit rândul de antet/);
      const invoice = await t.api("POST", IMPORTS[1], {
        session: invoicing,
        ...parts([{ name: "payload", content: JSON.stringify({ dueDays: 3 }) }, { name: "file", filename: "a.xlsx", content: workbook }]),
      });
      expect(invoice.statusCode, invoice.body).toBe(200);
    });
  });
});
