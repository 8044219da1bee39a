/**
 * The periodic re-reading of customers' CUIs from ANAF (tasks/kinds/anafRefresh.ts, scheduled by
 * plugins/anafRefresh.ts), on both databases against the app's own ANAF emulator: never-asked
 * CUIs first, then the oldest answer, a bounded number per run, ANAF away changing nothing; on
 * PostgreSQL two processes' runs never ask ANAF for the same CUI. And the customer list's `?anaf=`
 * filter with paging, the other filters, sort and the export.
 */
import type { Kysely } from "kysely";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { cuiOf } from "../../contract/cif";
import { createAnafClient } from "../../server/anaf/index";
import type { AnafRequestLogEntry } from "../../server/anaf/emulator/index";
import { createDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/database";
import { timestamp } from "../../server/db/timestamps";
import { anafRefreshMessages } from "../../server/messages";
import { indexQueuedCustomers, queueForIndexing } from "../../server/routes/api/customers/customerSearch";
import { scheduleAnafRefresh } from "../../server/plugins/anafRefresh";
import { claimNextTask } from "../../server/tasks/queue";
import { createAnafRefresh } from "../../server/tasks/kinds/anafRefresh";
import { TaskFailure, type TaskContext, type TaskRow } from "../../server/tasks/types";
import { validCuisFrom } from "../helpers/anafCuis";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { type TestApp, testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

const CONTROL = "/anaf-emulator/__emulator";
const SYSTEM_TENANT = 1;
const DEMO_TENANT = 2;
const HOUR = 60 * 60 * 1000;

describeEachDialect("the periodic ANAF refresh and the list's ANAF filter", (dialect) => {
  let t: TestApp;
  let clerk: Awaited<ReturnType<TestApp["signIn"]>>;

  beforeAll(async () => {
    t = await testApp(dialect, { env: { TASK_WORKER: "off", ANAF_TIMEOUT_MS: "1500" } });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    clerk = await t.signIn("facturare@demo.ro");
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await control("POST", "/reset");
    for (const table of ["anaf_companies", "anaf_refresh_claims", "customers", "tasks"] as const) await t.db.deleteFrom(table).execute();
  });

  async function control(method: "GET" | "POST", path: string, body?: object) {
    const response = await t.app.inject({ method, url: `${CONTROL}${path}`, ...(body ? { payload: body } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  }
  const requests = async () => ((await control("GET", "/requests")) as { requests: AnafRequestLogEntry[] }).requests;
  const askedCuis = async () => (await requests()).flatMap((request) => request.cuis.map(String));

  async function addCustomers(tenantId: number, cifs: readonly string[], extra: { judet?: string } = {}) {
    const now = timestamp();
    for (const [i, cif] of cifs.entries()) {
      const { id } = await t.db
        .insertInto("customers")
        .values({
          tenantId,
          clientName: `Client ${String(i).padStart(2, "0")} ${cif}`,
          cif,
          cui: cuiOf(cif),
          regCom: "",
          codClient: `C-${tenantId}-${cif}`,
          adresa: "Str. Exemplu 1",
          localitate: "Cluj-Napoca",
          judet: extra.judet ?? "Cluj",
          banca: "",
          iban: "",
          tara: "",
          email: "",
          persContact: "",
          telefon: "",
          mentions: null,
          observations: null,
          createdAt: now,
          updatedAt: now,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Found by the text search at once (SQLite's index is filled from a queue).
      await queueForIndexing(t.db, tenantId, [id]);
      await indexQueuedCustomers(t.db, 100);
    }
  }
  /** ANAF's answer for `cui` as if read `hoursAgo` ago. */
  async function answered(cui: string, state: "active" | "inactive" | "struckOff" | "notFound", hoursAgo: number) {
    await t.db
      .insertInto("anaf_companies")
      .values({ cui, state, company: null, checkedAt: new Date(Date.now() - hoursAgo * HOUR).toISOString() })
      .execute();
  }
  const checkedAt = async () =>
    Object.fromEntries((await t.db.selectFrom("anaf_companies").select(["cui", "checkedAt"]).execute()).map((row) => [row.cui, row.checkedAt]));

  function context(tenantId: number, db: Kysely<Database> = t.db, anaf = t.app.anaf): TaskContext {
    return {
      db,
      task: { tenantId } as TaskRow,
      payload: null,
      signal: new AbortController().signal,
      log: t.app.log,
      progress: async () => {},
      anaf,
    };
  }

  it("reads never-asked CUIs first, then the oldest answers, at most the run's bound, and leaves fresh answers alone", async () => {
    const [never1, never2, old30, old40, fresh] = validCuisFrom(7_100_000, 5);
    await addCustomers(DEMO_TENANT, [never1, `RO${never2}`, old30, old40, fresh, "not a cif"]);
    await answered(old30, "active", 30);
    await answered(old40, "inactive", 40);
    await answered(fresh, "active", 1);
    const before = await checkedAt();

    const run = createAnafRefresh({ batch: 3 });
    const outcome = await run(context(DEMO_TENANT));
    expect(outcome).toMatchObject({ message: anafRefreshMessages.done(3), total: 3, updated: 3 });
    expect((await askedCuis()).sort()).toEqual([never1, never2, old40].sort());
    const after = await checkedAt();
    expect(Object.keys(after).sort()).toEqual([never1, never2, old30, old40, fresh].sort());
    expect(after[old40] > before[old40]).toBe(true);
    expect(after[old30]).toBe(before[old30]);
    expect(after[fresh]).toBe(before[fresh]);
    // ANAF's emulator calls a valid unknown CUI an active company: the inactive answer is replaced.
    expect((await t.db.selectFrom("anaf_companies").select("state").where("cui", "=", old40).executeTakeFirstOrThrow()).state).toBe("active");
    expect(await t.db.selectFrom("anaf_refresh_claims").selectAll().execute()).toEqual([]);

    // The next run goes on with what is left: the 30-hour-old answer, and only it.
    await control("POST", "/reset");
    expect(await run(context(DEMO_TENANT))).toMatchObject({ total: 1 });
    expect(await askedCuis()).toEqual([old30]);
  }, 30_000);

  it("changes nothing and stops the run with ANAF's reason when ANAF is away; the next run reads them", async () => {
    const cuis = validCuisFrom(7_200_000, 2);
    await addCustomers(DEMO_TENANT, cuis);
    await answered(cuis[1], "struckOff", 30);
    const before = await t.db.selectFrom("anaf_companies").selectAll().execute();
    await control("POST", "/faults", { fault: "503", times: 1 });

    const run = createAnafRefresh();
    const failure = await run(context(DEMO_TENANT)).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(TaskFailure);
    expect((failure as TaskFailure).message).toMatch(/^Verificarea la ANAF s-a oprit și se reia la următoarea trecere\. ANAF nu răspunde acum/);
    expect(await t.db.selectFrom("anaf_companies").selectAll().execute()).toEqual(before);
    expect(await t.db.selectFrom("anaf_refresh_claims").selectAll().execute()).toEqual([]);

    expect(await run(context(DEMO_TENANT))).toMatchObject({ total: 2, updated: 2 });
    expect(Object.keys(await checkedAt()).sort()).toEqual([...cuis].sort());
  }, 30_000);

  it("is queued once per tenant with CUIs to read, however often it is scheduled, and not for a tenant whose answers are fresh", async () => {
    const [due, fresh] = validCuisFrom(7_300_000, 2);
    await addCustomers(DEMO_TENANT, [due]);
    await addCustomers(SYSTEM_TENANT, [fresh]);
    await answered(fresh, "active", 2);
    expect(await scheduleAnafRefresh(t.db)).toBe(1);
    expect(await scheduleAnafRefresh(t.db)).toBe(0);
    const tasks = await t.db.selectFrom("tasks").select(["tenantId", "kind", "title", "status"]).execute();
    expect(tasks).toEqual([{ tenantId: DEMO_TENANT, kind: "anaf-refresh", title: anafRefreshMessages.taskTitle, status: "queued" }]);
    expect(await requests()).toEqual([]);
  });

  it.runIf(dialect === "postgres")(
    "reads a CUI two tenants share once when their runs go at once on two processes (two connections, each its own client)",
    async () => {
      const shared = validCuisFrom(7_400_000, 4);
      const [own1, own2] = [validCuisFrom(7_500_000, 2), validCuisFrom(7_600_000, 2)];
      await addCustomers(SYSTEM_TENANT, [...shared, ...own1]);
      await addCustomers(DEMO_TENANT, [...shared, ...own2]);
      const other = createDatabase(t.databaseUrl);
      try {
        const base = `http://127.0.0.1:${(t.app.server.address() as { port: number }).port}/anaf-emulator`;
        const processes = [t.db, other].map((db) => ({ db, anaf: createAnafClient({ baseUrl: base, budgetDb: db }) }));
        // Both schedule at once: one task per tenant.
        await Promise.all(processes.map(({ db }) => scheduleAnafRefresh(db)));
        expect((await t.db.selectFrom("tasks").select("tenantId").orderBy("tenantId").execute()).map((row) => row.tenantId)).toEqual([
          SYSTEM_TENANT,
          DEMO_TENANT,
        ]);
        // Each process claims a task and runs it, at the same time.
        const run = createAnafRefresh();
        const outcomes = await Promise.all(
          processes.map(async ({ db, anaf }, i) => {
            const task = await claimNextTask(db, `worker-${i}`);
            expect(task).toBeDefined();
            return run({ ...context(task!.tenantId, db, anaf), task: task! });
          }),
        );
        const asked = await askedCuis();
        expect([...asked].sort()).toEqual([...shared, ...own1, ...own2].sort());
        expect(outcomes.reduce((sum, outcome) => sum + (outcome.total ?? 0), 0)).toBe(shared.length + own1.length + own2.length);
      } finally {
        await other.destroy();
      }
    },
    30_000,
  );

  describe("the list's ?anaf= filter", () => {
    const cuis = validCuisFrom(7_700_000, 7);
    beforeEach(async () => {
      // 0 inactive, 1 struck off, 2 unknown to ANAF, 3 active, 4–5 never asked (4 in Prahova), 6 never asked by another tenant.
      await addCustomers(DEMO_TENANT, cuis.slice(0, 5));
      await addCustomers(DEMO_TENANT, [cuis[5]], { judet: "Prahova" });
      await addCustomers(DEMO_TENANT, ["-", "DE123456789"]);
      await addCustomers(SYSTEM_TENANT, [cuis[6], cuis[0]]);
      await answered(cuis[0], "inactive", 50);
      await answered(cuis[1], "struckOff", 1);
      await answered(cuis[2], "notFound", 3);
      await answered(cuis[3], "active", 1);
    });
    const list = async (query: string) => {
      const response = await t.api("GET", `/api/smartbill/customer/all?${query}`, { session: clerk });
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ content: { cif: string }[]; totalElements: number }>();
    };

    it("'problem' keeps the tenant's customers ANAF calls inactive or struck off; 'unknown' those it does not know; 'unchecked' those with a CUI never asked", async () => {
      const problem = await list("anaf=problem&page=0&size=1&sort=cif,asc");
      expect(problem).toEqual({ totalElements: 2, content: [expect.objectContaining({ cif: cuis[0] })] });
      expect((await list("anaf=problem&page=1&size=1&sort=cif,asc")).content.map((c) => c.cif)).toEqual([cuis[1]]);
      expect((await list("anaf=unknown&page=0&size=10")).content.map((c) => c.cif)).toEqual([cuis[2]]);
      const unchecked = await list("anaf=unchecked&page=0&size=10&sort=cif,desc");
      expect(unchecked.totalElements).toBe(2);
      expect(unchecked.content.map((c) => c.cif)).toEqual([cuis[5], cuis[4]].sort().reverse());
      // With the other filters and the text search.
      expect((await list("anaf=unchecked&judet=prahova&page=0&size=10")).content.map((c) => c.cif)).toEqual([cuis[5]]);
      expect((await list(`anaf=problem&q=${cuis[1]}&page=0&size=10`)).content.map((c) => c.cif)).toEqual([cuis[1]]);
    });

    it("refuses a value it does not know", async () => {
      const response = await t.api("GET", "/api/smartbill/customer/all?anaf=maybe", { session: clerk });
      expect(response.statusCode).toBe(400);
    });

    it("filters the CSV export the same way", async () => {
      const csv = await t.api("GET", "/api/smartbill/customer/export?format=csv&anaf=problem", { session: clerk });
      expect(csv.statusCode).toBe(200);
      const body = csv.body;
      for (const cui of cuis.slice(0, 2)) expect(body).toContain(cui);
      for (const cui of cuis.slice(2)) expect(body).not.toContain(cui);
      const unchecked = (await t.api("GET", "/api/smartbill/customer/export?format=csv&anaf=unchecked", { session: clerk })).body;
      expect(cuis.filter((cui) => unchecked.includes(cui))).toEqual([cuis[4], cuis[5]]);
    });
  });
});
