/**
 * The 'invoice-reminders' task: e-mails a reminder of each overdue invoice through SmartBill
 * (POST /document/send: SmartBill attaches the invoice's PDF), from the tenant's template. Every
 * call goes through the tenant's SmartBill client, so the token's budget (30 calls / 10 s, the
 * fleet's on PostgreSQL) paces the bulk send with the tenant's other work.
 *
 * Each invoice is checked again just before its send (the preview may be old, another task may
 * have reminded it since), and its reminder is claimed in invoice_reminders in the transaction
 * that checks the interval: two tasks never both send one invoice's reminder within it. A
 * reminder sent is on the invoice's history (`reminder`) and in the audit log (`invoices.remind`);
 * SmartBill's refusal is on the history only. A lockout or a wrong setting stops the task: every
 * later call would fail the same way.
 */
import { reminderMessages as words } from "../../messages";
import { recordInvoiceEvent } from "../../routes/api/invoices/invoiceHistory";
import { reminderCandidates, withinInterval } from "../../routes/api/reminders/reminderCandidates";
import { readReminderSettings } from "../../routes/api/reminders/reminderSettings";
import { auditReminder, claimReminder, settleReminder } from "../../routes/api/reminders/reminders.repository";
import { smartBillUrlPolicy } from "../../smartbill/allowedUrl";
import { smartBillClientForTenant } from "../../smartbill/client";
import { SmartBillError } from "../../smartbill/types";
import { TaskFailure, type TaskHandler } from "../types";

export interface InvoiceRemindersPayload {
  invoiceIds: number[];
  /** Who asked, and from where: the history and the audit log name them. */
  user: { id: number | null; email: string };
  clientAddress: string;
}

const NO_SMARTBILL_URLS = smartBillUrlPolicy({ allowedHosts: [] });

/** SmartBill's errors after which no other call of the token can succeed now. */
const STOPPING = new Set(["lockout", "config", "auth"]);
/** The call went out but its answer did not come back: the e-mail may have gone. */
const LOST_ANSWER = new Set(["timeout", "network"]);

export function createInvoiceReminders(): TaskHandler {
  return async ({ db, task, payload, progress, signal, smartBillUrls = NO_SMARTBILL_URLS }) => {
    const { invoiceIds, user, clientAddress } = checkPayload(payload);
    const total = invoiceIds.length;
    await progress({ total, processed: 0, progress: 0 });
    const client = await smartBillClientForTenant(db, task.tenantId, smartBillUrls).catch((error: unknown) => {
      throw error instanceof SmartBillError ? new TaskFailure(error.message) : error;
    });
    let sent = 0;
    let skipped = 0;
    let failed = 0;
    for (const [index, invoiceId] of invoiceIds.entries()) {
      signal.throwIfAborted();
      // The template and interval as they are now: a change saved mid-task applies to the rest.
      const settings = await readReminderSettings(db, task.tenantId);
      const [candidate] = await reminderCandidates(db, task.tenantId, [invoiceId], settings);
      const claimId =
        candidate && candidate.refusal === null && candidate.ref
          ? await claimReminder(
              db,
              { tenantId: task.tenantId, invoiceId, recipient: candidate.to, subject: candidate.subject, taskId: task.id, user },
              (last) => !withinInterval(last, settings.intervalDays),
            )
          : undefined;
      if (claimId === undefined || !candidate?.ref) {
        skipped++;
      } else {
        try {
          const answer = await client.sendDocument({ ...candidate.ref, type: "factura", to: candidate.to, subject: candidate.subject, bodyText: candidate.body });
          await db.transaction().execute(async (trx) => {
            await settleReminder(trx, claimId, "sent", answer || null);
            await recordInvoiceEvent(trx, { invoiceId, action: "reminder", outcome: "ok", user, answer: answer || null, detail: { to: candidate.to, subject: candidate.subject } });
            await auditReminder(trx, { tenantId: task.tenantId, user, clientAddress, invoiceId, label: candidate.number, result: words.sentTo(candidate.to) });
          });
          sent++;
        } catch (error) {
          if (!(error instanceof SmartBillError)) {
            await settleReminder(db, claimId, "failed", null);
            throw error;
          }
          const lost = LOST_ANSWER.has(error.kind);
          const answer = lost ? words.unclear(error.message) : error.message;
          await settleReminder(db, claimId, lost ? "unclear" : error.kind === "provider" ? "refused" : "failed", answer);
          await recordInvoiceEvent(db, {
            invoiceId,
            action: "reminder",
            outcome: error.kind === "provider" ? "refused" : "failed",
            user,
            answer,
            detail: { to: candidate.to, subject: candidate.subject },
          });
          failed++;
          if (STOPPING.has(error.kind)) {
            await progress({ processed: index + 1, errors: failed, updated: sent });
            throw new TaskFailure(error.message, { total, processed: index + 1, updated: sent, errors: failed + skipped });
          }
        }
      }
      await progress({ processed: index + 1, updated: sent, errors: failed + skipped, progress: Math.floor(((index + 1) * 100) / total) });
    }
    return { message: words.taskDone(sent, skipped, failed), total, processed: total, updated: sent, errors: failed + skipped };
  };
}

function checkPayload(payload: unknown): InvoiceRemindersPayload {
  const value = payload as Partial<InvoiceRemindersPayload> | null;
  const valid =
    !!value &&
    Array.isArray(value.invoiceIds) &&
    value.invoiceIds.length > 0 &&
    value.invoiceIds.every((id) => Number.isInteger(id) && id > 0) &&
    !!value.user &&
    typeof value.user.email === "string" &&
    typeof value.clientAddress === "string";
  if (!valid) throw new TaskFailure(words.payloadInvalid);
  return value as InvoiceRemindersPayload;
}
