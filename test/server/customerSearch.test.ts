/**
 * The customer list's text search on both dialects, at the sizes where SQLite changes plan:
 * many matches (walking the sort's index against the text index), few matches (read by key and
 * sorted), and rows the text index has not caught up with yet (queued by the import, found by a
 * scan, never by their old text). On PostgreSQL every case is the fold() scan, and must answer
 * the same. Then the indexer (SQLite): it empties the queue after an import and at start-up.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Customer, CustomerFields, ListParams, LoginResponse, Page } from "../../contract/api";
import { indexQueuedCustomers } from "../../server/routes/api/customers/customerSearch";
import { customerBatches, listCustomers, upsertCustomers } from "../../server/routes/api/customers/customers.repository";
import { FEW_MATCHES, MATCHES_SORTED_AFTER } from "../../server/routes/api/listQuery";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { multipart, xlsxOf } from "../helpers/excelFiles";
import { invoicingUserOfNewTenant } from "../helpers/smartbillData";
import { type TestApp, testApp } from "../helpers/testApp";
import { signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

const JUDETE = ["Alba", "Cluj", "Iași", "Timiș"];
/** Every other customer is a 'Ștefan' (FEW_MATCHES + 200 of them), in four counties. */
const MANY = 2 * (FEW_MATCHES + 200);
const customer = (i: number, name = i % 2 === 0 ? `Ștefan Nord ${i}` : `Client Sud ${i}`): CustomerFields => ({
  clientName: name,
  cif: "RO18547290",
  regCom: `J12/${i}/2020`,
  codClient: `S${String(i).padStart(5, "0")}`,
  adresa: "Str. Lungă 1",
  localitate: "Oraș",
  judet: JUDETE[i % 4 === 0 ? 0 : i % 3],
  banca: "BT",
  iban: "RO49AAAA1B31007593840000",
  tara: "România",
  email: `c${i}@ex.ro`,
  persContact: "Ana",
  telefon: "0722000000",
});

describeEachDialect("the customer list's text search", (dialect) => {
  let t: TestApp;
  let tenantId: number;
  let otherTenantId: number;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const { superadmin } = await signInDemoRoles(t);
    ({ tenantId } = await invoicingUserOfNewTenant(t, superadmin, "Căutare SRL", "facturare@cautare.ro"));
    ({ tenantId: otherTenantId } = await invoicingUserOfNewTenant(t, superadmin, "Căutare Alt SRL", "facturare@cautare-alt.ro"));
    const rows = Array.from({ length: MANY }, (_, i) => customer(i));
    await t.db.transaction().execute((trx) => upsertCustomers(trx, tenantId, customerBatches(rows)));
    // The other tenant has three customers that every search below would also find.
    const theirs = [customer(0, "Ștefan Nord Străin"), customer(1, "Rar Unic Străin"), customer(2, "Rar Unic Străin 2")];
    await t.db.transaction().execute((trx) => upsertCustomers(trx, otherTenantId, customerBatches(theirs)));
    await indexEverything();
  });
  afterAll(() => t.close());

  const indexEverything = async () => {
    while ((await indexQueuedCustomers(t.db, 500)) > 0);
  };
  /** `params` as the route passes its query string: the list parameters and the column filters. */
  const page = async (params: ListParams & Partial<Record<keyof CustomerFields, string>>) =>
    (await listCustomers(t.db, tenantId, params)) as Page<Customer>;
  /** What a page must hold, computed here: the tenant's rows filtered, sorted (ties by id, in the sort's direction), sliced. */
  const expected = async (keep: (c: Customer) => boolean, column: "judet" | "clientName", direction: "asc" | "desc", from: number, size: number) => {
    const all = (await listCustomers(t.db, tenantId, {})) as Customer[];
    const sign = direction === "asc" ? 1 : -1;
    const sorted = all.filter(keep).sort((a, b) => sign * (a[column] < b[column] ? -1 : a[column] > b[column] ? 1 : a.id - b.id));
    return { codes: sorted.slice(from, from + size).map((c) => c.codClient), total: sorted.length };
  };

  it(`pages more than ${FEW_MATCHES} matches sorted both ways, ties in the sort's direction`, async () => {
    for (const direction of ["asc", "desc"] as const) {
      for (const pageNumber of [0, 7]) {
        const got = await page({ page: pageNumber, size: 50, sort: `judet,${direction}`, clientName: "STEFAN nord" });
        const want = await expected((c) => c.clientName.startsWith("Ștefan"), "judet", direction, pageNumber * 50, 50);
        expect(want.total).toBeGreaterThan(FEW_MATCHES);
        expect(got.totalElements).toBe(want.total);
        expect(got.content.map((c) => c.codClient)).toEqual(want.codes);
      }
    }
  });

  it(`pages a search of more than ${MATCHES_SORTED_AFTER} matches, and a page past the last match`, async () => {
    const { superadmin } = await signInDemoRoles(t);
    const { tenantId: bigTenantId } = await invoicingUserOfNewTenant(t, superadmin, "Căutare Mare SRL", "facturare@cautare-mare.ro");
    const count = MATCHES_SORTED_AFTER + 100;
    const names = Array.from({ length: count }, (_, i) => `Ștefan Mare ${i}`);
    await t.db.transaction().execute((trx) => upsertCustomers(trx, bigTenantId, customerBatches(names.map((name, i) => customer(i, name)))));
    await indexEverything();
    const bigPage = async (params: ListParams & Partial<Record<keyof CustomerFields, string>>) =>
      (await listCustomers(t.db, bigTenantId, params)) as Page<Customer>;
    const descending = [...names].sort().reverse();
    // From the index (q) and from a scan (the bank is not in it).
    for (const filter of [{ q: "stefan mare" }, { banca: "bt" }]) {
      const got = await bigPage({ page: 2, size: 10, sort: "clientName,desc", ...filter });
      expect(got.totalElements).toBe(count);
      expect(got.content.map((c) => c.clientName)).toEqual(descending.slice(20, 30));
    }
    expect(await bigPage({ page: 1, size: 10, q: "stefan mare 5099" })).toEqual({ totalElements: 1, content: [] });
    expect(await bigPage({ page: 0, size: 10, q: "stefan mare 5099" })).toEqual({ totalElements: 1, content: [expect.objectContaining({ clientName: "Ștefan Mare 5099" })] });
  });

  it("pages a few matches read by key like the rest, and only the tenant's", async () => {
    // 'Client Sud 11', 'Client Sud 111', … 'Client Sud 1199': 56 of them.
    const got = await page({ page: 1, size: 3, sort: "clientName,desc", q: "sud 11" });
    const want = await expected((c) => c.clientName.includes("Sud 11"), "clientName", "desc", 3, 3);
    expect(want.total).toBeLessThan(FEW_MATCHES);
    expect(got).toEqual({ totalElements: want.total, content: expect.anything() });
    expect(got.content.map((c) => c.codClient)).toEqual(want.codes);
    // 'Străin' is only the other tenant's.
    expect(await page({ page: 0, size: 10, q: "strain" })).toEqual({ totalElements: 0, content: [] });
    expect((await page({ page: 0, size: 10, q: "nord strain" })).totalElements).toBe(0);
  });

  it("filters the columns left out of the index (bank, IBAN, country) by a scan, with the rest from the index", async () => {
    await t.db.transaction().execute((trx) =>
      upsertCustomers(trx, tenantId, customerBatches([{ ...customer(5), banca: "ING Bank" }, { ...customer(6), banca: "ING Bank", tara: "Moldova" }])),
    );
    await indexEverything();
    expect((await page({ page: 0, size: 5, banca: "ing", sort: "codClient,asc" })).content.map((c) => c.codClient)).toEqual(["S00005", "S00006"]);
    expect((await page({ page: 0, size: 5, banca: "ing", clientName: "stefan" })).content.map((c) => c.codClient)).toEqual(["S00006"]);
    expect((await page({ page: 0, size: 1, tara: "ROMANIA" })).totalElements).toBe(MANY - 1);
    expect((await page({ page: 0, size: 1, iban: "ro49aaaa" })).totalElements).toBe(MANY);
  });

  it("finds a rewritten customer by its new text, never its old, before and after the index catches up", async () => {
    const code = customer(3).codClient;
    await t.db.transaction().execute((trx) => upsertCustomers(trx, tenantId, customerBatches([customer(3, "Vechiul Nume SRL")])));
    await indexEverything();
    expect((await page({ page: 0, size: 5, clientName: "vechiul" })).content.map((c) => c.codClient)).toEqual([code]);

    // Rewritten, and (on SQLite) queued: the index still holds 'Vechiul Nume' for this row.
    await t.db.transaction().execute((trx) => upsertCustomers(trx, tenantId, customerBatches([customer(3, "Noul Nume SRL")])));
    if (dialect === "sqlite") {
      const { rows } = await sql<{ n: number }>`select count(*) as n from customers_unindexed`.execute(t.db);
      expect(Number(rows[0].n)).toBe(1);
    }
    const searches = async () => ({
      old: await page({ page: 0, size: 5, clientName: "vechiul" }),
      renamed: await page({ page: 0, size: 5, sort: "clientName,asc", q: "NOUL nume" }),
      // Indexed rows are still found through the index while another row waits.
      many: (await page({ page: 0, size: 1, clientName: "stefan" })).totalElements,
      other: await page({ page: 0, size: 5, q: "nume" }),
    });
    const waiting = await searches();
    expect(waiting.old).toEqual({ totalElements: 0, content: [] });
    expect(waiting.renamed.content.map((c) => c.codClient)).toEqual([code]);
    expect(waiting.renamed.totalElements).toBe(1);
    expect(waiting.many).toBe(FEW_MATCHES + 200);
    expect(waiting.other.content.map((c) => c.clientName)).toEqual(["Noul Nume SRL"]);

    await indexEverything();
    expect(await searches()).toEqual(waiting);
  });
});

describe("the customers' text indexer, on sqlite", () => {
  let t: TestApp;
  afterAll(() => t?.close());

  it("indexes an import's rows after the import has answered, and what a stopped server left queued at start-up", async () => {
    t = await testApp("sqlite", { env: { TASK_WORKER: "off" } });
    const { invoicing } = await signInDemoRoles(t);
    const headers = ["Denumire client", "CIF", "Nr. Reg. Com.", "Cod client", "Adresa", "Localitate", "Județ", "Banca", "IBAN", "Țara", "Email", "Persoana contact", "Telefon"];
    const rows = [headers, ...[1, 2, 3].map((i) => [`Indexat Târziu ${i}`, "RO18547290", "J12/1/2020", `IX${i}`, "Str. 1", "Dej", "Cluj", "BT", "RO49AAAA1B31007593840000", "", "", "Ana", "0722000000"])];
    const { body, headers: multipartHeaders } = multipart(await xlsxOf(rows));
    const imported = await t.api("POST", "/api/smartbill/customer/import", { session: invoicing, body, headers: multipartHeaders });
    expect(imported.statusCode).toBe(200);
    await t.app.customerIndexer!.idle();
    const queued = async () => Number((await sql<{ n: number }>`select count(*) as n from customers_unindexed`.execute(t.db)).rows[0].n);
    const indexed = async () =>
      Number((await sql<{ n: number }>`select count(*) as n from customers_fts where customers_fts match '"tarziu"'`.execute(t.db)).rows[0].n);
    expect(await queued()).toBe(0);
    expect(await indexed()).toBe(3);

    // Rows written without waking the indexer (as if the server had stopped first) stay queued…
    const { tenantId } = await t.db.selectFrom("users").select("tenantId").where("email", "=", "facturare@demo.ro").executeTakeFirstOrThrow();
    await t.db.transaction().execute((trx) => upsertCustomers(trx, tenantId!, customerBatches([customer(1, "Rămas Târziu")])));
    expect(await queued()).toBe(1);
    const { databaseUrl } = t;
    await t.close();
    // …until the next start.
    t = await testApp("sqlite", { databaseUrl, env: { TASK_WORKER: "off" } });
    await t.app.customerIndexer!.idle();
    expect(await queued()).toBe(0);
    expect(await indexed()).toBe(4);
  });
});

describeEachDialect("the customer list's quick search (q) by place", (dialect) => {
  let t: TestApp;
  let session: LoginResponse;
  let tenantId: number;
  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off" } });
    const { superadmin } = await signInDemoRoles(t);
    ({ tenantId, session } = await invoicingUserOfNewTenant(t, superadmin, "Localități SRL", "facturare@localitati.ro"));
    const placed = (i: number, clientName: string, localitate: string, judet: string): CustomerFields => ({ ...customer(i, clientName), localitate, judet });
    const rows = [
      placed(1, "Bega Tehnic SRL", "Timișoara", "Timiș"),
      placed(2, "Someș Agro SRL", "Cluj-Napoca", "Cluj"),
      placed(3, "Moldova Distribuție SRL", "Pașcani", "Iași"),
    ];
    await t.db.transaction().execute((trx) => upsertCustomers(trx, tenantId, customerBatches(rows)));
  });
  afterAll(() => t.close());

  const names = async (q: string) => {
    const response = await t.api("GET", `/api/smartbill/customer/all?page=0&size=10&sort=clientName,asc&q=${encodeURIComponent(q)}`, { session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Page<Customer>>().content.map((c) => c.clientName);
  };
  const searches = async () => ({
    city: await names("timisoara"),
    cityTyped: await names("PAȘCANI"),
    county: await names("iasi"),
    both: await names("cluj"),
    nameStill: await names("bega"),
  });
  const found = {
    city: ["Bega Tehnic SRL"],
    cityTyped: ["Moldova Distribuție SRL"],
    county: ["Moldova Distribuție SRL"],
    both: ["Someș Agro SRL"],
    nameStill: ["Bega Tehnic SRL"],
  };

  it("finds customers by town and by county, ignoring case and diacritics, before and after the text index has them", async () => {
    expect(await searches()).toEqual(found); // SQLite: the rows are still queued, found by a scan
    while ((await indexQueuedCustomers(t.db, 500)) > 0);
    expect(await searches()).toEqual(found); // SQLite: from the index
  });
});
