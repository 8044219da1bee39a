/**
 * The 'payment-status' task: reads SmartBill's payment status (GET /invoice/paymentstatus) of a
 * tenant's issued invoices that are not yet fully paid (nor cancelled, deleted, reversed or a
 * storno: those are paid no more), the longest unchecked first, a small batch per run: every
 * read is one call of the tenant's token, and the client's limiter keeps SmartBill's 30 per 10 s
 * for the whole tenant (the other work of the tenant shares it). Scheduled by
 * plugins/paymentStatusRefresh.ts, one at a time per tenant (its dedupKey).
 *
 * Not in the invoices' history: a periodic read is no action anyone took.
 */
import type { Kysely } from "kysely";
import type { Database } from "../../db/database";
import { paymentStatusTaskDone } from "../../messages";
import { storePaymentStatus } from "../../routes/api/invoices/paymentStatus";
import { smartBillUrlPolicy } from "../../smartbill/allowedUrl";
import { smartBillClientForTenant } from "../../smartbill/client";
import { SmartBillError } from "../../smartbill/types";
import type { TaskHandler } from "../types";

/** Invoices read per run: a few seconds of the token's calls, leaving room for the clerks'. */
export const PAYMENT_STATUS_BATCH = 20;

export const PAYMENT_STATUS_DEDUP_KEY = "payment-status";

/** The tenant's invoices whose payment status is worth reading, the longest unchecked first. */
export function invoicesAwaitingPayment(db: Kysely<Database>, tenantId?: number) {
  let query = db
    .selectFrom("invoices")
    // A proforma is paid through the invoice issued from it.
    .where("documentType", "=", "invoice")
    .where("status", "=", "sent")
    .where("sentNumber", "is not", null)
    .where("sentNumber", "!=", "")
    .where("cancelledAt", "is", null)
    .where("deletedAt", "is", null)
    .where("reversalOfId", "is", null)
    .where("reversedById", "is", null)
    .where((eb) =>
      eb.or([eb("paymentPaid", "is", null), eb("paymentTotal", "is", null), eb("paymentPaid", "<", eb.ref("paymentTotal"))]),
    );
  if (tenantId !== undefined) query = query.where("tenantId", "=", tenantId);
  return query;
}

const NO_SMARTBILL_URLS = smartBillUrlPolicy({ allowedHosts: [] });

export function createPaymentStatusRefresh(): TaskHandler {
  return async ({ db, task, signal, smartBillUrls = NO_SMARTBILL_URLS }) => {
    const invoices = await invoicesAwaitingPayment(db, task.tenantId)
      .select(["id", "sentSeries", "sentNumber"])
      // Never read first, then the oldest reading.
      .orderBy((eb) => eb.case().when("paymentCheckedAt", "is", null).then(0).else(1).end())
      .orderBy("paymentCheckedAt")
      .orderBy("id")
      .limit(PAYMENT_STATUS_BATCH)
      .execute();
    const client = await smartBillClientForTenant(db, task.tenantId, smartBillUrls);
    let checked = 0;
    let failed = 0;
    for (const invoice of invoices) {
      signal.throwIfAborted();
      try {
        const status = await client.paymentStatus({ seriesName: invoice.sentSeries!, number: invoice.sentNumber! });
        await storePaymentStatus(db, invoice.id, { total: status.invoiceTotalAmount, paid: status.paidAmount });
        checked++;
      } catch (error) {
        if (!(error instanceof SmartBillError)) throw error;
        // A lockout or a wrong setting stops every call of the token: the next run tries again.
        if (error.kind === "lockout" || error.kind === "config" || error.kind === "auth") throw error;
        failed++;
      }
    }
    return { message: paymentStatusTaskDone(checked, failed), total: invoices.length, processed: checked + failed, updated: checked, errors: failed };
  };
}
