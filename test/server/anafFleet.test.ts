/**
 * ANAF's one request per second is the whole fleet's (server/anaf/client.ts through SmartBill's
 * shared budget, kept in PostgreSQL): two processes asking at once still reach ANAF a second
 * apart. One ANAF emulator, outside both, records when each request arrived; the test judges
 * the pacing on those times, never on how long it ran.
 */
import Fastify, { type FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import { createAnafClient, lookupCompanies } from "../../server/anaf/index";
import { ANAF_DEMO_CUIS, anafEmulator, type AnafRequestLogEntry } from "../../server/anaf/emulator/index";
import { createDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/database";
import { migrateToLatest } from "../../server/db/migrate";
import { DEMO_PASSWORD } from "../../server/db/seed";
import { validCuisFrom } from "../helpers/anafCuis";
import { freshDatabaseUrl } from "../helpers/databases";
import { dialects } from "../helpers/dialects";
import { type ServerProcess, startServerProcess } from "../helpers/serverProcess";

const postgres = dialects.find((d) => d.dialect === "postgres")!;
/** The budget's one request per second, less what two clocks reading the same instant may differ by. */
const ONE_SECOND_LESS_CLOCK_SLACK = 990;

describe.skipIf(postgres.skipReason !== null)("ANAF's budget shared by a fleet on PostgreSQL", () => {
  let emulator: FastifyInstance;
  let anafUrl: string;

  beforeAll(async () => {
    emulator = Fastify({ logger: false });
    emulator.register(anafEmulator);
    await emulator.listen({ port: 0, host: "127.0.0.1" });
    anafUrl = `http://127.0.0.1:${(emulator.server.address() as { port: number }).port}`;
  });
  afterAll(() => emulator?.close());

  const requests = async () =>
    (await emulator.inject({ method: "GET", url: "/__emulator/requests" })).json<{ requests: AnafRequestLogEntry[] }>().requests;
  const reset = () => emulator.inject({ method: "POST", url: "/__emulator/reset" });

  /** Every request answered (none refused for coming too soon), and a second apart in arrival order. */
  function expectPacedAnswers(log: AnafRequestLogEntry[]) {
    expect(log.map((request) => request.outcome)).toEqual(log.map(() => "answered"));
    const arrivals = log.map((request) => request.at).sort((a, b) => a - b);
    for (let i = 1; i < arrivals.length; i++) expect(arrivals[i] - arrivals[i - 1]).toBeGreaterThanOrEqual(ONE_SECOND_LESS_CLOCK_SLACK);
  }

  it("asks 250 CUIs from each of two processes' connections in 3 requests each, all a second apart", async () => {
    await reset();
    const url = await freshDatabaseUrl("postgres");
    const databases: Kysely<Database>[] = [createDatabase(url), createDatabase(url)];
    try {
      await migrateToLatest(databases[0]);
      // Each connection stands for a process: its own database handle, client and budget object.
      const sources = databases.map((db) => ({ db, anaf: createAnafClient({ baseUrl: anafUrl, budgetDb: db }) }));
      const batches = [validCuisFrom(5_000_000, 250), validCuisFrom(6_000_000, 250)];
      const found = await Promise.all(sources.map((source, i) => lookupCompanies(source, batches[i])));
      expect(found.map((map) => map.size)).toEqual([250, 250]);
      const log = await requests();
      expect(log.map((request) => request.cuiCount).sort((a, b) => a - b)).toEqual([50, 50, 100, 100, 100, 100]);
      expectPacedAnswers(log);
    } finally {
      await Promise.all(databases.map((db) => db.destroy()));
    }
  }, 60_000);

  describe("two server processes", () => {
    const processes: ServerProcess[] = [];

    beforeAll(async () => {
      const env = { DATABASE_URL: await freshDatabaseUrl("postgres"), ANAF_URL: anafUrl, DRAIN_SECONDS: "0", TASK_WORKER: "off" };
      // The first seeds the database; the second starts on it.
      processes.push(await startServerProcess(env, 90_000));
      processes.push(await startServerProcess(env, 90_000));
    }, 200_000);
    afterAll(async () => {
      for (const server of processes) {
        server.child.kill("SIGTERM");
        await server.exited;
      }
    });

    it("send ANAF a second apart the lookups their clerks ask at the same time", async () => {
      await reset();
      const sessions = await Promise.all(processes.map((server) => signIn(server.origin)));
      const cuis = [
        [ANAF_DEMO_CUIS.vatPayerBucharest, ANAF_DEMO_CUIS.cluj, ANAF_DEMO_CUIS.nonVatPayer],
        [ANAF_DEMO_CUIS.inactive, ANAF_DEMO_CUIS.struckOff, ...validCuisFrom(7_000_000, 1)],
      ];
      const statuses = await Promise.all(
        processes.flatMap((server, i) =>
          cuis[i].map(async (cui) => {
            const response = await fetch(`${server.origin}/api/anaf/company/${cui}`, {
              headers: { authorization: `Bearer ${sessions[i].authenticationToken}` },
            });
            return response.status;
          }),
        ),
      );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 200]);
      const log = await requests();
      expect(log).toHaveLength(6);
      expectPacedAnswers(log);
    }, 60_000);
  });
});

async function signIn(origin: string): Promise<LoginResponse> {
  const response = await fetch(`${origin}/dmz-api/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: "facturare@demo.ro", password: DEMO_PASSWORD }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as LoginResponse;
}
