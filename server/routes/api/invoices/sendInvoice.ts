/**
 * Sending an imported invoice to SmartBill EXACTLY ONCE (POST /api/smartbill/invoice/send/{id}).
 *
 * SmartBill has no idempotency key and no way to read an invoice back, and POST /invoice takes
 * the series' next number every time it succeeds (../shared/spec/smartbill-api.md §5). So:
 *
 * 1. Claim. One UPDATE moves the invoice to `sending` only from the exact (status,
 *    sendStartedAt) just read: draft, refused or unclear, or a `sending` whose send started more
 *    than SEND_STALE_MS ago (its process died; treated as unclear). Double clicks, two tabs, two
 *    API processes: exactly one claim wins, the others get 409. `sendStartedAt` is the claim's
 *    token: every later write of this send requires it, so a send that was taken over as stale
 *    can no longer write.
 * 2. An `unclear` invoice first re-checks its lost attempt (before anything else: the form
 *    stays editable and may have changed since, but an issued invoice is issued): if the
 *    attempt's series now has a nextNumber past the one read before that attempt, SmartBill
 *    issued it → `sent` with that number, no POST. If not, and it was marked unclear less than
 *    the SmartBill time-out ago, SmartBill may still be registering it: 409, try again shortly.
 * 3. Check (nothing reaches SmartBill yet): client, 1–400 lines, settings, GET /series?type=f
 *    and the invoice's series in it. A failure here puts the status back as it was.
 * 4. Record the attempt (sentSeries = the series used, sendSeriesNextNumber = its next number;
 *    null for a SmartBill draft), then POST /invoice once, never retried.
 * 5. Outcome:
 *    - an answer without errorText → `sent` (series, number, message, url stored);
 *    - an errorText (any status) → `refused`, errorText stored as a person reads it; both are a
 *      200 with SmartBill's answer as importResult;
 *    - SmartBill refused the call itself (401 credentials, lockout) or the connection was
 *      refused before anything was sent → status back as it was, 4xx/5xx;
 *    - anything else after the body left (time-out, dropped connection, HTML or 5xx page,
 *      non-JSON) is unclear: read the series again; moved past the recorded number → `sent`
 *      with the recorded number, confirmed from the series (200); otherwise `unclear`,
 *      502/504 saying so.
 *
 * While `unclear`, `sentSeries` holds the series of the lost attempt (the form stays editable
 * and its series may change; the check must look where the attempt went) and `sentNumber`
 * stays null. The series check assumes nobody else issues invoices in that series during the
 * few seconds of a send; SmartBill offers nothing better (no invoice lookup, no request id).
 *
 * SmartBill drafts (isDraft) get no number and leave the series alone, so their lost answers
 * cannot be checked: such an invoice is marked `unclear` with advice to look at SmartBill's
 * drafts, and sending it again (after the waiting time) sends it again: a second draft is not
 * a fiscal document and can be deleted in SmartBill.
 *
 * Issuing a SmartBill draft ('Emite factura', `issueDraft`): SmartBill's API cannot number a
 * draft it holds (only its own site can), so the invoice is sent again as a final one. The claim
 * is the same one UPDATE, from `sent` without a number (a draft) to `sending`, with the draft's
 * record cleared and `draft` off: from there it is an ordinary send of a final invoice (series
 * recorded, refused, unclear, confirmed from the series), so two clicks or two tabs make one
 * fiscal invoice. When nothing could be issued, the draft's record is put back as it was. The
 * draft stays in SmartBill, not fiscal, for the clerk to delete there.
 *
 * Before anything is sent, the issue date must be within today's window and the due date a real
 * day (an invoice saved long ago may no longer be), and each line's VAT percent is checked
 * against the tenant's tax list as last read (no extra SmartBill call): a line whose tax the list
 * rates otherwise, or does not list, is refused here in words the clerk can act on, rather than
 * by SmartBill.
 *
 * An invoice from a proforma ('Transformă în factură', proformaInvoice.ts) is this same send with
 * `useEstimateDetails`; its lost answers are first looked up where SmartBill records them (the
 * proforma's invoices, `confirmLost`), then in the series as above.
 */
import type { Kysely } from "kysely";
import type { Invoice, InvoiceSendResult, InvoiceStatus, SmartBillImportResult } from "../../../../contract/api";
import { MAX_INVOICE_LINES } from "../../../../contract/constants";
import type { Database } from "../../../db/database";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { timestamp, timestampMs } from "../../../db/timestamps";
import { isStorageUnavailable } from "../../../db/unavailable";
import { HttpError } from "../../../errors";
import { type DocumentSendWords, invoiceNotADraft, smartBillClientMessages } from "../../../messages";
import { type SmartBillClient, smartBillClientForTenant, smartBillTimeoutMs } from "../../../smartbill/client";
import { type InvoiceResult, type Series, type SeriesType, SmartBillError } from "../../../smartbill/types";
import { DOCUMENT_KINDS, type DocumentKind, type DocumentScope, notFoundIn } from "./documentKinds";
import { failureAnswer } from "../../../smartbill/failureAnswer";
import { findWarehouse } from "../warehouses/warehouses.repository";
import {
  claimInvoiceSend,
  findInvoiceClient,
  findInvoiceState,
  getInvoice,
  inScope,
  type SendRecord,
  updateClaimedSend,
} from "./invoices.repository";
import { type DateWindow, inWindow } from "./invoiceDates";
import { recountReceivable } from "./receivable";
import { smartBillInvoiceBody } from "./smartBillInvoiceBody";
import { lineTaxProblem, savedTaxList } from "./vatRates";

/** A `sending` invoice whose send started longer ago than this was left by a dead process. */
const SEND_STALE_MS = 5 * 60_000;

type ClaimableStatus = Extract<InvoiceStatus, "draft" | "refused" | "unclear">;

/** A SmartBill draft's record, cleared by the claim that issues it and put back if nothing was issued. */
type DraftRecord = Required<
  Pick<SendRecord, "sentSeries" | "sentNumber" | "sentMessage" | "sentUrl" | "sentAt" | "sendSeriesNextNumber" | "documentId" | "documentUrl" | "documentViewUrl">
>;

/** What a won claim knows about the invoice before it. */
interface Claim {
  /** The claim's token (sendStartedAt). */
  startedAt: string;
  /** sendStartedAt before the claim, put back with the status. */
  previousStartedAt: string | null;
  /** The status to put back when the send fails before SmartBill could issue anything. */
  previous: ClaimableStatus | "sent";
  /** The lost attempt of an unclear invoice, as recorded. */
  attempt: { series: string | null; nextNumber: number | null; markedAt: number } | undefined;
  /** The SmartBill draft being issued (previous is `sent`). */
  draft?: DraftRecord;
}

export interface SendOptions {
  /** Issue a SmartBill draft sent earlier ('Emite factura'); anything else is refused (409). */
  issueDraft?: boolean;
  /**
   * The issue dates allowed now (invoiceDates.ts): checked again here, since the form was saved
   * days or months ago, when the window was another.
   */
  issueDates: DateWindow;
  /**
   * An invoice from this proforma ('Transformă în factură'): SmartBill takes the client and the
   * products from it (`useEstimateDetails`).
   */
  estimate?: { seriesName: string; number: string };
  /**
   * Asked first when an answer was lost, before the series: SmartBill's own record of the
   * document (the proforma's invoices), as the outcome to record; undefined when it shows none.
   */
  confirmLost?: (client: SmartBillClient) => Promise<SmartBillImportResult | undefined>;
}

/** SmartBill prints numbers zero-padded to 4 digits ("0025"); an unpadded one is "not found". */
function printedNumber(nextNumber: number): string {
  return String(nextNumber).padStart(4, "0");
}

/** Writes, in the transaction that marks the invoice sent, what else records it (the audit log). */
export type RecordSent = (trx: Kysely<Database>, result: SmartBillImportResult) => Promise<void>;

export async function sendInvoice(
  db: Kysely<Database>,
  kind: DocumentKind,
  tenantId: number,
  invoiceId: number,
  smartBillUrls: SmartBillUrlPolicy,
  recordSent: RecordSent,
  options: SendOptions,
): Promise<InvoiceSendResult> {
  const now = Date.now;
  const scope: DocumentScope = { tenantId, documentType: kind.type };
  const seriesType = kind.smartBill.seriesType;
  // Each message names the document of the kind (a proforma's speak of the proforma).
  const words = kind.words.send;
  const notSent = (error: unknown) => notSentAs(error, words);
  const claim = await claimSend(db, scope, invoiceId, now(), SEND_STALE_MS, options.issueDraft === true);
  const send = new SendRun(db, scope, invoiceId, claim, now, recordSent);
  let posted = false;
  try {
    let connection: SmartBillClient | undefined;
    const connect = async () => {
      try {
        return (connection ??= await smartBillClientForTenant(db, tenantId, smartBillUrls));
      } catch (error) {
        return send.fail(notSent(error));
      }
    };
    const readSeries = async () => {
      const client = await connect();
      try {
        return await client.getSeries(seriesType);
      } catch (error) {
        return send.fail(notSent(error));
      }
    };

    // An unclear invoice: did the lost attempt go through after all? (Before anything else: the
    // form may have been edited since, even emptied, and an issued invoice is issued.)
    let seriesList: Series[] | undefined;
    if (claim.attempt) {
      const confirmed = options.confirmLost && (await options.confirmLost(await connect()));
      if (confirmed) return await send.sent(confirmed);
      seriesList = await readSeries();
      const { series, nextNumber, markedAt } = claim.attempt;
      const current = seriesList.find((s) => s.name === series);
      if (series && nextNumber !== null && current && current.nextNumber > nextNumber) {
        return await send.confirmFromSeries(series, nextNumber);
      }
      // Wait as long as SmartBill may take to answer (SMARTBILL_TIMEOUT_MS; the client was
      // made above, so the setting is valid) before sending again.
      const waitMs = markedAt + smartBillTimeoutMs() - now();
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        return await send.fail(
          new HttpError(409, words.recheckTooSoon(seconds), undefined, { "retry-after": String(seconds) }),
        );
      }
    }

    const invoice = await getInvoice(db, scope, invoiceId);
    if (!invoice) return await send.fail(notFoundIn(scope));
    const { from, to } = options.issueDates;
    if (!inWindow(invoice.issueDate, options.issueDates)) {
      return await send.fail(new HttpError(400, words.issueDateOutside(invoice.issueDate, from, to)));
    }
    if (!invoice.dueDate) return await send.fail(new HttpError(400, words.dueDateImpossible));
    const lines = invoice.products ?? [];
    if (invoice.clientId === null) return await send.fail(new HttpError(400, words.noClient));
    const customer = await findInvoiceClient(db, tenantId, invoice.clientId);
    if (!customer) return await send.fail(new HttpError(400, words.clientGone));
    if (lines.length === 0) return await send.fail(new HttpError(400, words.noLines));
    if (lines.length > MAX_INVOICE_LINES) {
      return await send.fail(new HttpError(400, words.tooManyLines(lines.length, MAX_INVOICE_LINES)));
    }
    const taxProblem = lineTaxProblem(lines, await savedTaxList(db, tenantId));
    if (taxProblem) return await send.fail(new HttpError(400, taxProblem));

    const client = await connect();
    const warehouse =
      invoice.useStock && invoice.warehouseId !== null ? await findWarehouse(db, tenantId, invoice.warehouseId) : undefined;
    const body = smartBillInvoiceBody({
      invoice,
      client: customer,
      lines,
      defaultWarehouseName: warehouse?.warehouseName,
    });

    seriesList ??= await readSeries();
    const series = seriesList.find((s) => s.name === invoice.seriesName);
    if (!series) {
      const available = seriesList.map((s) => s.name);
      return await send.fail(new HttpError(400, kind.words.seriesNotFound(invoice.seriesName, available)));
    }
    const recorded = invoice.draft ? null : series.nextNumber;
    await send.recordAttempt(invoice.seriesName, recorded);

    posted = true;
    let answer: InvoiceResult;
    try {
      answer = await client.createInvoice(options.estimate ? { ...body, useEstimateDetails: true, estimate: options.estimate } : body, kind.smartBill);
    } catch (error) {
      if (!(error instanceof SmartBillError)) throw error;
      if (error.kind === "provider") return await send.refused(error.message);
      if (definitelyNotIssued(error)) return await send.fail(notSent(error));
      return await send.unclear(error, invoice.seriesName, recorded, client, seriesType, options.confirmLost);
    }
    return await send.sent(
      {
        errorText: "",
        message: answer.message,
        number: answer.number,
        series: answer.series,
        url: answer.url,
      },
      documentOf(answer),
    );
  } catch (error) {
    // A bug or a database failure: before the POST nothing was sent; after it, who knows.
    if (!(error instanceof HttpError)) {
      const putBack = () => (posted ? send.markUnclear() : send.restore());
      // The database away (the usual reason to be here): the invoice is put back as soon as it
      // returns, not left `sending` until the claim goes stale, so the next send confirms the
      // attempt from SmartBill's series at once.
      await putBack().catch((writeError: unknown) => {
        if (isStorageUnavailable(writeError)) retryWhileUnavailable(putBack, Date.now() + SEND_STALE_MS);
      });
    }
    throw error;
  }
}

/** SmartBill's document id and links, as the send records them. */
type SentDocument = Required<Pick<SendRecord, "documentId" | "documentUrl" | "documentViewUrl">>;

/**
 * A send confirmed from the series (its answer lost), or answered by the legacy routes, knows no
 * document id nor links: they stay null, and the screen shows no public link.
 */
const NO_DOCUMENT: SentDocument = { documentId: null, documentUrl: null, documentViewUrl: null };

/** The document fields of /invoice/v2's and /estimate/v2's answer (its documentId may come as text). */
function documentOf(answer: InvoiceResult): SentDocument {
  const id = Number(answer.documentId);
  return {
    documentId: answer.documentId !== undefined && answer.documentId !== null && Number.isSafeInteger(id) && id > 0 ? id : null,
    documentUrl: answer.documentUrl || null,
    documentViewUrl: answer.documentViewUrl || null,
  };
}

/** Runs `write` again every second while the database is away, until it lands or `deadline` passes. */
function retryWhileUnavailable(write: () => Promise<void>, deadline: number): void {
  if (Date.now() > deadline) return;
  setTimeout(() => {
    write().catch((error: unknown) => {
      if (isStorageUnavailable(error)) retryWhileUnavailable(write, deadline);
    });
  }, 1_000).unref();
}

/** Moves the invoice to `sending`, or answers why not (404, 409). */
async function claimSend(
  db: Kysely<Database>,
  scope: DocumentScope,
  invoiceId: number,
  now: number,
  staleAfterMs: number,
  issueDraft: boolean,
): Promise<Claim> {
  // A claim fails only when the row changed since it was read; read again and decide again.
  const words = sendWordsOf(scope);
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await findInvoiceState(db, scope, invoiceId);
    if (!row) throw notFoundIn(scope);
    // A SmartBill draft has no number: only it may be issued, and only when asked to.
    if (row.status === "sent" && (!issueDraft || row.sentNumber)) throw new HttpError(409, words.alreadySent(row.sentSeries, row.sentNumber));
    const stale =
      row.status === "sending" && (row.sendStartedAt === null || timestampMs(row.sendStartedAt) < now - staleAfterMs);
    if (row.status === "sending" && !stale) throw new HttpError(409, words.inProgress);
    const startedAt = timestamp(Math.max(now, row.sendStartedAt ? timestampMs(row.sendStartedAt) + 1 : 0));

    if (issueDraft) {
      if (row.status !== "sent") throw new HttpError(409, invoiceNotADraft);
      const draft = await inScope(
        db.selectFrom("invoices").select(["sentSeries", "sentNumber", "sentMessage", "sentUrl", "sentAt", "sendSeriesNextNumber", "documentId", "documentUrl", "documentViewUrl"]),
        scope,
      )
        .where("id", "=", invoiceId)
        .executeTakeFirstOrThrow();
      const cleared = { draft: 0, sentNumber: null, sentMessage: null, sentUrl: null, sentAt: null, ...NO_DOCUMENT } as const;
      if (await claimInvoiceSend(db, scope, row, startedAt, false, cleared)) {
        return { startedAt, previousStartedAt: row.sendStartedAt, previous: "sent", attempt: undefined, draft };
      }
      continue;
    }

    const previous: ClaimableStatus = row.status === "sending" ? "unclear" : (row.status as ClaimableStatus);
    // Only an unclear invoice's last attempt still means something.
    if (await claimInvoiceSend(db, scope, row, startedAt, previous === "unclear")) {
      return {
        startedAt,
        previousStartedAt: row.sendStartedAt,
        previous,
        attempt:
          previous === "unclear"
            ? { series: row.sentSeries, nextNumber: row.sendSeriesNextNumber, markedAt: timestampMs(row.updatedAt) }
            : undefined,
      };
    }
  }
  throw new HttpError(409, words.inProgress);
}

/** The writes of one claimed send; each requires the claim still to be this send's. */
class SendRun {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly scope: DocumentScope,
    private readonly invoiceId: number,
    private readonly claim: Claim,
    private readonly now: () => number,
    private readonly recordSent: RecordSent,
  ) {}

  private update(values: SendRecord, db = this.db): Promise<void> {
    return updateClaimedSend(db, this.scope, this.invoiceId, this.claim.startedAt, values);
  }

  async recordAttempt(series: string, nextNumber: number | null): Promise<void> {
    await this.update({ sentSeries: series, sendSeriesNextNumber: nextNumber });
  }

  /** Back to the status before the claim; an unclear invoice keeps the attempt it had, a SmartBill draft its record. */
  async restore(): Promise<void> {
    const { previous, previousStartedAt, attempt, draft } = this.claim;
    if (draft) {
      await this.update({ status: previous, sendStartedAt: previousStartedAt, draft: 1, ...draft });
      return;
    }
    await this.update({
      status: previous,
      sendStartedAt: previousStartedAt,
      sentSeries: attempt?.series ?? null,
      sendSeriesNextNumber: attempt?.nextNumber ?? null,
    });
  }

  /** The recorded attempt may or may not have been issued; a new send checks the series first. */
  async markUnclear(): Promise<void> {
    await this.update({ status: "unclear", updatedAt: timestamp(this.now()) });
  }

  /** Nothing was issued: the status goes back, and the caller gets `error`. */
  async fail(error: HttpError): Promise<never> {
    await this.restore();
    throw error;
  }

  /** Issued: SmartBill's answer, and (from /invoice/v2, /estimate/v2) its document id and links. */
  async sent(importResult: SmartBillImportResult, document: SentDocument = NO_DOCUMENT): Promise<InvoiceSendResult> {
    const at = timestamp(this.now());
    await this.db.transaction().execute(async (trx) => {
      await this.update(
        {
          status: "sent",
          sentSeries: importResult.series,
          sentNumber: importResult.number,
          sentMessage: importResult.message,
          sentUrl: importResult.url,
          ...document,
          errorText: null,
          sentAt: at,
          updatedAt: at,
        },
        trx,
      );
      // Issued: its total, due date and what is owed on it, with the send.
      await recountReceivable(trx, this.invoiceId);
      await this.recordSent(trx, importResult);
    });
    return { importResult, invoice: await this.invoice() };
  }

  async confirmFromSeries(series: string, nextNumber: number): Promise<InvoiceSendResult> {
    const number = printedNumber(nextNumber);
    return this.sent({ errorText: "", message: sendWordsOf(this.scope).confirmedFromSeries(series, number), number, series, url: "" });
  }

  async refused(errorText: string): Promise<InvoiceSendResult> {
    await this.update({
      status: "refused",
      errorText,
      sentSeries: null,
      sendSeriesNextNumber: null,
      updatedAt: timestamp(this.now()),
    });
    return {
      importResult: { errorText, message: "", number: "", series: "", url: "" },
      invoice: await this.invoice(),
    };
  }

  /** The POST's outcome is unknown: the series decides, else `unclear`. */
  async unclear(
    error: SmartBillError,
    seriesName: string,
    recorded: number | null,
    client: SmartBillClient,
    seriesType: SeriesType,
    confirmLost?: SendOptions["confirmLost"],
  ): Promise<InvoiceSendResult> {
    const status = error.kind === "timeout" ? 504 : 502;
    const confirmed = await confirmLost?.(client);
    if (confirmed) return this.sent(confirmed);
    const reason = withoutResendAdvice(error.message);
    if (recorded === null) {
      await this.markUnclear();
      throw new HttpError(status, sendWordsOf(this.scope).outcomeUnknown(reason, { draft: true }));
    }
    let seriesList: Series[];
    try {
      seriesList = await client.getSeries(seriesType);
    } catch (seriesError) {
      await this.markUnclear();
      const seriesProblem = seriesError instanceof Error ? withoutResendAdvice(seriesError.message) : String(seriesError);
      throw new HttpError(status, sendWordsOf(this.scope).outcomeUnknown(reason, { draft: false, seriesProblem }));
    }
    const series = seriesList.find((s) => s.name === seriesName);
    if (series && series.nextNumber > recorded) return this.confirmFromSeries(seriesName, recorded);
    await this.markUnclear();
    throw new HttpError(status, sendWordsOf(this.scope).outcomeUnknown(reason, { draft: false }));
  }

  private async invoice(): Promise<Invoice> {
    const invoice = await getInvoice(this.db, this.scope, this.invoiceId);
    if (!invoice) throw notFoundIn(this.scope);
    return invoice;
  }
}

/**
 * SmartBill cannot have issued the invoice: it refused the call itself (credentials, company,
 * lockout: nothing is processed then), or the connection never opened.
 */
export function definitelyNotIssued(error: SmartBillError): boolean {
  if (error.kind === "auth" || error.kind === "lockout" || error.kind === "config") return true;
  if (error.kind !== "network") return false;
  const cause = error.cause as { code?: string; cause?: { code?: string } } | undefined;
  const code = cause?.cause?.code ?? cause?.code;
  return code !== undefined && NEVER_CONNECTED.has(code);
}

/** Connection errors that happen before a single byte of the request is sent. */
const NEVER_CONNECTED = new Set([
  "ECONNREFUSED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "UND_ERR_CONNECT_TIMEOUT",
  "CERT_HAS_EXPIRED",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "ERR_TLS_CERT_ALTNAME_INVALID",
]);

/** A failure before SmartBill could issue anything, as an answer. */
function notSentAs(error: unknown, words: DocumentSendWords): HttpError {
  if (!(error instanceof SmartBillError)) throw error;
  return failureAnswer(error, words.notSent(withoutResendAdvice(error.message)));
}

/** How the send's messages name the scope's document. */
const sendWordsOf = (scope: DocumentScope): DocumentSendWords => DOCUMENT_KINDS[scope.documentType].words.send;

/**
 * The client's own advice after a lost POST ("check the series before sending again") is what
 * this module does itself, and would contradict the answer.
 */
function withoutResendAdvice(message: string): string {
  for (const hint of [smartBillClientMessages.mayHaveIssued, smartBillClientMessages.mayHaveIssuedProforma]) {
    const advice = message.indexOf(` ${hint}`);
    if (advice !== -1) return message.slice(0, advice);
  }
  return message;
}
