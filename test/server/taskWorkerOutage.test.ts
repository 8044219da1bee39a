/**
 * A task the database interrupted is not failed: the worker puts it back in the queue as soon as
 * the database takes writes again, and it runs again to its end. The interruption is real: on
 * PostgreSQL the task's own connection is ended by the server (57P01, as `pg_ctl stop -m fast`
 * does); on SQLite every write is refused (`query_only`, SQLite's own SQLITE_READONLY) until the
 * test lifts it, so the requeue itself has to wait for the database to come back.
 */
import { Writable } from "node:stream";
import { sql } from "kysely";
import { afterAll, expect, it } from "vitest";
import { enqueueTask } from "../../server/tasks/queue";
import type { TaskHandler } from "../../server/tasks/types";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { eventually } from "../helpers/smartbillData";
import { testApp } from "../helpers/testApp";

afterAll(removeTemporaryDatabases);

describeEachDialect("the task worker when the database blinks", (dialect) => {
  it("puts the interrupted task back in the queue and runs it again once the database is back, never failing it", async () => {
    const logLines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    });
    let runs = 0;
    const handler: TaskHandler = async ({ db, task }) => {
      runs++;
      if (runs === 1) {
        if (dialect === "sqlite") {
          await sql`pragma query_only = on`.execute(db);
          await db.updateTable("tasks").set({ message: "pe drum" }).where("id", "=", task.id).execute();
        } else {
          await sql`select pg_terminate_backend(pg_backend_pid())`.execute(db);
        }
      }
      return { message: "Gata." };
    };
    const t = await testApp(dialect, { env: { TASK_POLL_MS: "20" }, taskKinds: { "stock-import": handler }, logger: { level: "info", stream } });
    try {
      const { task } = await enqueueTask(t.db, { tenantId: 2, kind: "stock-import", title: "Test", payload: {}, createdBy: null });
      await eventually(async () => logLines.join("").includes("task interrupted by the database"), 30_000);
      if (dialect === "sqlite") {
        // Still refused: the task is neither failed nor lost while the database is away.
        await eventually(async () => logLines.join("").includes("database unavailable: the task worker waits for it"), 30_000);
        await sql`pragma query_only = off`.execute(t.db);
      }
      const ended = async () => {
        const row = await t.db.selectFrom("tasks").select(["status", "errorText", "message"]).where("id", "=", task.id).executeTakeFirstOrThrow();
        return row.status === "done" || row.status === "failed" ? row : undefined;
      };
      await eventually(async () => (await ended()) !== undefined, 30_000);
      expect(await ended()).toEqual({ status: "done", errorText: null, message: "Gata." });
      expect(runs).toBe(2);
    } finally {
      await t.close();
    }
  }, 60_000);
});
