/**
 * 'Verifică la ANAF' in the customer import's dry run. Asking ANAF about a file's 5,000 CUIs
 * takes up to a minute (100 a request, one request a second for the whole fleet), so no request
 * waits for it: the check is a task (server/tasks/kinds/customerAnafCheck.ts) and the screen asks
 * for its progress, then its findings.
 *
 *   GET  /import/anaf-check           {suggested}: tick the box unless this tenant's last check,
 *                                     a few minutes ago, found ANAF unreachable (no ANAF call)
 *   POST /import/anaf-check           multipart `file` → 202 {taskId, total}
 *   GET  /import/anaf-check/{taskId}  its status, CUIs done of total, and once done the findings
 *                                     per row, read from the task's rows and ANAF's kept answers
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply } from "fastify";
import { cuiOf } from "../../../../contract/cif";
import { CustomerAnafCheckAnswer, CustomerAnafCheckOffer, CustomerAnafCheckStarted } from "../../../../contract/schemas/customers";
import { keptCompanies } from "../../../anaf";
import { timestampIn } from "../../../db/timestamps";
import { HttpError } from "../../../errors";
import { ExcelError } from "../../../excel/errors";
import type { UploadReader } from "../../../excel/upload";
import { customerAnafCheckMessages, tasksQueueFull } from "../../../messages";
import { enqueueTask, wakeWorkers } from "../../../tasks/queue";
import type { CustomerAnafCheckPayload } from "../../../tasks/kinds/customerAnafCheck";
import { TaskQueueFull } from "../../../tasks/types";
import { idParams } from "../params";
import { anafFindings, type AnafCheckedRow } from "./anafFindings";
import { checkCustomerFile } from "./customerImport";

const KIND = "customer-anaf-check";
/** A failed check younger than this makes the screen offer the next one unticked. */
const UNREACHABLE_MEMORY_SECONDS = 10 * 60;

export function anafCheckRoutes(upload: UploadReader<never>): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get("/import/anaf-check", { schema: { response: { 200: CustomerAnafCheckOffer } } }, async (request) => {
      const failed = await app.db
        .selectFrom("tasks")
        .select("errorText")
        .where("tenantId", "=", request.tenantId)
        .where("kind", "=", KIND)
        .where("status", "in", ["done", "failed"])
        .where("finishedAt", ">", timestampIn(-UNREACHABLE_MEMORY_SECONDS))
        .orderBy("finishedAt", "desc")
        .orderBy("id", "desc")
        .limit(1)
        .executeTakeFirst();
      return failed?.errorText ? { suggested: false, message: failed.errorText } : { suggested: true };
    });

    app.post(
      "/import/anaf-check",
      // It changes nothing of the tenant's: ANAF's public answers are kept for every tenant.
      { config: { audit: false }, schema: { response: { 202: CustomerAnafCheckStarted } } },
      async (request, reply) => {
        let rows: AnafCheckedRow[];
        try {
          const checked = await checkCustomerFile((await upload.read(request)).file, { rejectedCells: false });
          rows = [];
          for (const { row, fields } of checked.valid) {
            const cui = cuiOf(fields.cif);
            if (cui) rows.push([row, fields.codClient, cui, fields.clientName, fields.judet]);
          }
        } catch (error) {
          if (!(error instanceof ExcelError)) throw error;
          return (reply as FastifyReply).code(400).send({ message: error.message });
        }
        const payload: CustomerAnafCheckPayload = { rows };
        const total = new Set(rows.map((row) => row[2])).size;
        const { task } = await enqueueTask(app.db, {
          tenantId: request.tenantId,
          kind: KIND,
          title: customerAnafCheckMessages.title(rows.length),
          payload,
          createdBy: request.user.id,
        }).catch((error: unknown) => {
          if (error instanceof TaskQueueFull) throw new HttpError(429, tasksQueueFull(error.max));
          throw error;
        });
        wakeWorkers(app.db);
        return reply.code(202).send({ taskId: task.id, total });
      },
    );

    app.get(
      "/import/anaf-check/:taskId",
      { schema: { params: idParams("taskId"), response: { 200: CustomerAnafCheckAnswer } } },
      async (request) => {
        const task = await app.db
          .selectFrom("tasks")
          .select(["id", "status", "total", "processed", "message", "errorText", "payload"])
          .where("tenantId", "=", request.tenantId)
          .where("id", "=", request.params.taskId)
          .where("kind", "=", KIND)
          .executeTakeFirst();
        if (!task) throw new HttpError(404, customerAnafCheckMessages.notFound);
        const findings = [];
        if (task.status === "done") {
          const { rows } = JSON.parse(task.payload) as CustomerAnafCheckPayload;
          // The answers the task has just read (kept whatever their age: they are this check's).
          const kept = await keptCompanies(app.db, rows.map((row) => row[2]));
          for (const row of rows) {
            const messages = anafFindings(row, kept.get(row[2]));
            if (messages.length > 0) findings.push({ row: row[0], codClient: row[1], cui: row[2], messages });
          }
        }
        const { id, payload: _payload, ...progress } = task;
        return { taskId: id, ...progress, findings };
      },
    );
  };
}
