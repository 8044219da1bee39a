/**
 * /api/smartbill/reminders: reminders of overdue invoices ('Trimite reamintire'), for those who
 * work with invoices (role matrix row `invoices`: a reminder is an action on the invoice):
 *
 *   GET  /settings   the tenant's template {subject, body, intervalDays} (the defaults until saved)
 *   PUT  /settings   saves it; an unknown placeholder or a bad interval is refused under its field
 *   POST /preview    {invoiceIds} → each reminder as it would go, or why it would not (refusal)
 *   POST /           {invoiceIds} → 202 {taskId, count}: the 'invoice-reminders' task sends them
 *
 * Only the tenant's invoices: another tenant's id is answered as a missing one.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { API_PREFIXES } from "../../../../contract/paths";
import { ReminderPreviewAnswer, ReminderSendAnswer, ReminderSettingsSchema, reminderInvoicesBody } from "../../../../contract/schemas/reminders";
import { HttpError } from "../../../errors";
import { reminderMessages, tasksQueueFull } from "../../../messages";
import { restrictTo } from "../../../plugins/requireRole";
import { enqueueTask, wakeWorkers } from "../../../tasks/queue";
import type { InvoiceRemindersPayload } from "../../../tasks/kinds/invoiceReminders";
import { TaskQueueFull } from "../../../tasks/types";
import { routeFolder } from "../routeFolder";
import { reminderCandidates } from "./reminderCandidates";
import { checkReminderSettings, readReminderSettings, saveReminderSettings } from "./reminderSettings";

export const reminderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  restrictTo(app, "invoices");

  app.get("/settings", { schema: { response: { 200: ReminderSettingsSchema } } }, (request) => readReminderSettings(app.db, request.tenantId));

  app.put(
    "/settings",
    { config: { audit: "invoices.reminderSettings" }, schema: { body: ReminderSettingsSchema, response: { 200: ReminderSettingsSchema } } },
    async (request) => {
      const settings = checkReminderSettings(request.body);
      await app.db.transaction().execute(async (trx) => {
        await saveReminderSettings(trx, request.tenantId, settings, request.user.email);
        await request.audit(trx, { result: reminderMessages.settingsSaved(settings.intervalDays) });
      });
      return settings;
    },
  );

  app.post(
    "/preview",
    // A look at what would be sent: nothing changes.
    { config: { audit: false }, schema: { body: reminderInvoicesBody, response: { 200: ReminderPreviewAnswer } } },
    async (request) => {
      const settings = await readReminderSettings(app.db, request.tenantId);
      const candidates = await reminderCandidates(app.db, request.tenantId, request.body.invoiceIds, settings);
      return { reminders: candidates.map(({ ref: _ref, ...preview }) => preview) };
    },
  );

  app.post(
    "/",
    // Each reminder the task sends is recorded then (invoices.remind), with the invoice it went for.
    { config: { audit: false }, schema: { body: reminderInvoicesBody, response: { 202: ReminderSendAnswer } } },
    async (request, reply) => {
      const settings = await readReminderSettings(app.db, request.tenantId);
      const candidates = await reminderCandidates(app.db, request.tenantId, request.body.invoiceIds, settings);
      const missing = candidates.filter((candidate) => candidate.refusal === reminderMessages.notFound).map((candidate) => candidate.invoiceId);
      if (missing.length > 0) throw new HttpError(404, reminderMessages.someNotFound(missing));
      const ready = candidates.filter((candidate) => candidate.refusal === null).map((candidate) => candidate.invoiceId);
      if (ready.length === 0) throw new HttpError(409, reminderMessages.noneToSend);
      const payload: InvoiceRemindersPayload = { invoiceIds: ready, user: { id: request.user.id, email: request.user.email }, clientAddress: request.ip };
      const { task } = await enqueueTask(app.db, {
        tenantId: request.tenantId,
        kind: "invoice-reminders",
        title: reminderMessages.taskTitle(ready.length),
        payload,
        createdBy: request.user.id,
      }).catch((error: unknown) => {
        if (error instanceof TaskQueueFull) throw new HttpError(429, tasksQueueFull(error.max));
        throw error;
      });
      wakeWorkers(app.db);
      return reply.code(202).send({ taskId: task.id, count: ready.length });
    },
  );
};

export default routeFolder({ routes: [[reminderRoutes, API_PREFIXES.reminders]] });
