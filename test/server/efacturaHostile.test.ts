/**
 * e-Factura against a hostile or broken counterpart: what "ANAF" (or whoever stands in its place)
 * sends is bounded before it is held in memory, its message ids cannot name a path, the OAuth
 * callback's code and state stay out of the access log, an authorisation begun by an admin who is
 * no longer one connects nothing, and the emulator exists only in demo mode.
 */
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { redactTokens } from "../../server/accessLog";
import { invoiceXmlOf } from "../../server/efactura/archiveDownload";
import { AUTHORIZATION_COOKIE } from "../../server/efactura/authorizationCookie";
import { EFACTURA_EMULATOR_PREFIX } from "../../server/efactura/demoClient";
import { createSpvClient } from "../../server/efactura/spvClient";
import { MAX_XML_BYTES, readSpvZip, UnreadableZip } from "../../server/efactura/ubl";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { DEMO_TENANT } from "../helpers/sentInvoices";
import { liveApp } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** A ZIP with one XML of `size` spaces whose headers claim it has 1,000 bytes. */
async function lyingZip(size: number): Promise<Buffer> {
  const zip = new JSZip();
  zip.file("1.xml", new Uint8Array(size).fill(32));
  const bytes = Buffer.from(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
  // The uncompressed size: offset 22 of the local header, 24 of the central directory's entry.
  bytes.writeUInt32LE(1000, 22);
  bytes.writeUInt32LE(1000, bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x01, 0x02])) + 24);
  return bytes;
}

describe("a ZIP from ANAF that is a bomb", () => {
  it("is refused while it inflates when its headers lie about its size, not after all of it is in memory", async () => {
    await expect(readSpvZip(await lyingZip(MAX_XML_BYTES + 1024 * 1024))).rejects.toThrow(/inflates to more than/);
    await expect(readSpvZip(await lyingZip(MAX_XML_BYTES + 1024 * 1024))).rejects.toBeInstanceOf(UnreadableZip);
  });

  it("is refused too when a kept ZIP is opened for ANAF's PDF (the sync keeps even a ZIP it could not read)", async () => {
    const zip = new JSZip();
    zip.file("1.xml", new Uint8Array(MAX_XML_BYTES + 1).fill(32));
    const honest = Buffer.from(await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
    await expect(invoiceXmlOf(honest)).rejects.toBeInstanceOf(UnreadableZip);
    await expect(invoiceXmlOf(await lyingZip(MAX_XML_BYTES + 1024 * 1024))).rejects.toBeInstanceOf(UnreadableZip);
    // A small one still reads.
    const small = new JSZip();
    small.file("1.xml", "<Invoice/>");
    small.file("semnatura_1.xml", "<Signature/>");
    expect(await invoiceXmlOf(Buffer.from(await small.generateAsync({ type: "uint8array" })))).toBe("<Invoice/>");
  });
});

describe("the access log", () => {
  it("keeps the callback's authorisation code and state out of its lines, and other addresses as they are", () => {
    expect(redactTokens("/api/efactura/callback?code=abc.def&state=xyz")).toBe("/api/efactura/callback?code=[redacted]&state=[redacted]");
    expect(redactTokens("/api/efactura/callback?state=xyz&error=access_denied")).toBe("/api/efactura/callback?state=[redacted]&error=access_denied");
    expect(redactTokens("/api/tasks?state=running")).toBe("/api/tasks?state=running");
  });
});

describe("the e-Factura emulator outside demo mode", () => {
  it("is not there: its OAuth, REST and admin routes answer 404", async () => {
    const t = await testApp("sqlite");
    const app = buildApp({ ...t.config, demo: false }, { logger: false });
    try {
      await app.ready();
      for (const path of ["/admin/messages", "/anaf-oauth2/v1/authorize?response_type=code", "/prod/FCTEL/rest/listaMesajeFactura?cif=1&zile=1"]) {
        const response = await app.inject({ method: "GET", url: `${EFACTURA_EMULATOR_PREFIX}${path}` });
        expect(response.statusCode, path).toBe(404);
      }
      const reset = await app.inject({ method: "POST", url: `${EFACTURA_EMULATOR_PREFIX}/admin/reset`, payload: {} });
      expect(reset.statusCode).toBe(404);
      // The same build in demo mode has it, so the 404 above is the mode's doing.
      expect((await t.app.inject({ method: "GET", url: `${EFACTURA_EMULATOR_PREFIX}/admin/messages` })).statusCode).toBe(200);
    } finally {
      await app.close();
      await t.close();
    }
  });
});

describeEachDialect("an SPV message list with ids that are not ANAF's", (dialect) => {
  let t: TestApp;
  let server: Server;
  let base: string;

  beforeAll(async () => {
    t = await testApp(dialect);
    // Stands in for a broken or hostile ANAF: the emulator only ever numbers its messages.
    server = createServer((_request, response) => {
      response.setHeader("content-type", "application/json");
      response.end(
        JSON.stringify({
          mesaje: [
            { id: "../../../tmp/evil", tip: "FACTURA PRIMITA", id_solicitare: "1", cif: "1", detalii: "", data_creare: "202611010800" },
            { id: "12a", tip: "FACTURA PRIMITA", id_solicitare: "2", cif: "1", detalii: "", data_creare: "202611010800" },
            { id: { toString: "x" }, tip: "FACTURA PRIMITA", id_solicitare: "3", cif: "1", detalii: "", data_creare: "202611010800" },
            { id: 3001, tip: "FACTURA PRIMITA", id_solicitare: "4", cif: "1", detalii: "", data_creare: "202611010800" },
            { id: "3002", tip: "FACTURA TRIMISA", id_solicitare: "5", cif: "1", detalii: "", data_creare: "202611010800" },
          ],
          numar_total_pagini: 1,
        }),
      );
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.close();
    await t.close();
  });

  it("takes only the messages whose id is digits", async () => {
    const client = createSpvClient({ db: t.db, config: t.config.efactura, apiBase: base, cif: "1", accessToken: "t", now: () => Date.now() });
    const page = await client.listPage(Date.now() - 86_400_000, Date.now(), 1);
    expect(page.messages.map((message) => message.id)).toEqual(["3001", "3002"]);
  });
});

describeEachDialect("an authorisation whose admin is no longer one when ANAF sends the browser back", (dialect) => {
  let t: TestApp;
  let serial = 0;

  beforeAll(async () => {
    t = await liveApp(dialect);
  });
  afterAll(() => t.close());

  /** A fresh admin of the demo tenant begins; the emulator's consent page agrees; the callback's address (with a real code). */
  async function begunByNewAdmin(): Promise<{ userId: number; callback: string; cookie: string }> {
    serial += 1;
    const email = `admin-plecat-${serial}@demo.ro`;
    const userId = await addUser(t, { email, tenantId: DEMO_TENANT, roles: ["ROLE_ADMIN"], password: "parola-admin-plecat-1" });
    const session = await t.signIn(email, "parola-admin-plecat-1");
    const begin = await t.api("POST", "/api/efactura/connection", { session, tenantId: DEMO_TENANT });
    expect(begin.statusCode, begin.body).toBe(200);
    const authorize = new URL(begin.json<{ authorizeUrl: string }>().authorizeUrl);
    const form = new URLSearchParams(authorize.searchParams);
    form.set("decision", "allow");
    const consent = await t.app.inject({
      method: "POST",
      url: authorize.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: form.toString(),
    });
    expect(consent.statusCode, consent.body).toBe(302);
    const callback = new URL(consent.headers.location as string);
    expect(callback.searchParams.get("code")).toBeTruthy();
    const cookie = begin.cookies.find((each) => each.name === AUTHORIZATION_COOKIE)!;
    return { userId, callback: `${callback.pathname}${callback.search}`, cookie: `${cookie.name}=${cookie.value}` };
  }

  const arrive = async ({ callback, cookie }: { callback: string; cookie: string }) => {
    const response = await t.app.inject({ method: "GET", url: callback, headers: { cookie } });
    expect(response.statusCode).toBe(302);
    return response.headers.location;
  };
  const connection = () => t.db.selectFrom("efactura_connections").select("tenantId").where("tenantId", "=", DEMO_TENANT).executeTakeFirst();

  it("connects nothing when the admin's role was taken away meanwhile", async () => {
    const begun = await begunByNewAdmin();
    const { userId } = begun;
    const invoicing = await t.db.selectFrom("roles").select("id").where("name", "=", "ROLE_SMARTBILL").executeTakeFirstOrThrow();
    await t.db.deleteFrom("user_roles").where("userId", "=", userId).execute();
    await t.db.insertInto("user_roles").values({ userId, roleId: invoicing.id }).execute();
    expect(await arrive(begun)).toBe("/efactura-spv?rezultat=invalid");
    expect(await connection()).toBeUndefined();
  });

  it("connects nothing when the admin was removed from the tenant meanwhile, and connects when nothing changed", async () => {
    const removed = await begunByNewAdmin();
    const deleted = await t.api("DELETE", `/api/user/${removed.userId}`, { session: await t.signIn("admin@demo.ro"), tenantId: DEMO_TENANT });
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await arrive(removed)).toBe("/efactura-spv?rezultat=invalid");
    expect(await connection()).toBeUndefined();

    const kept = await begunByNewAdmin();
    expect(await arrive(kept)).toBe("/efactura-spv?rezultat=connected");
    expect(await connection()).toBeDefined();
  });
});
