/**
 * The 'efactura-sync' task: reads a connected tenant's SPV messages (ANAF's e-Factura) and records
 * what they say, scheduled by plugins/efacturaSync.ts every EFACTURA_SYNC_INTERVAL_SECONDS (and
 * queued by 'Citește acum'), one at a time per tenant across the fleet (its dedupKey). A run:
 *
 * 1. lists the messages created in [syncedUntilMs − overlap, now] (the first run: SPV's last 60
 *    days, its window) page by page, storing each new one once (tenant + ANAF's id, unique);
 * 2. downloads each stored message not yet read, and by its type:
 *    - FACTURA TRIMISA: the signed invoice; its cbc:ID is matched to one of the tenant's sent
 *      invoices (series + number normalised: uppercase, no spaces, dashes or slashes, leading
 *      zeros of the number tolerated); then stareMesaj(upload) says ok → 'validated', nok →
 *      'rejected', 'in prelucrare' → 'sent' (asked again at the next runs);
 *    - ERORI FACTURA: ANAF's errors; the invoice is the one sent invoice of the tenant whose
 *      number the error text names. None or several: the message stays unmatched (invoiceId null)
 *      with its text, for nobody can tell which invoice it means; → 'rejected' with the text;
 *    - FACTURA PRIMITA: a supplier's invoice ('Facturi primite'): its parties, number, dates and total;
 *    every ZIP is archived (archive.ts: the database, or EFACTURA_ARCHIVE_DIR);
 *    other messages (MESAJ CUMPARATOR …) are stored and nothing more;
 * 3. asks stareMesaj again for the tenant's invoices still 'sent'.
 *
 * Each change of an invoice's status is written with its history event ("efactura") in one
 * transaction; 'validated' and 'rejected' never go back to 'sent'. Every call to ANAF is first
 * reserved in the fleet's daily budget (usage.ts). A spent budget or ANAF's daily limit stops that
 * kind of call until tomorrow; a refused token, SPV not answering or a missing right stops the
 * run: what was done stays, the connection's `problem` says why, and the next run goes on.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import { type EfacturaStatus, SPV_MESSAGE_TYPES } from "../../../contract/efactura";
import type { Database } from "../../db/database";
import { timestamp } from "../../db/timestamps";
import { keepArchive } from "../../efactura/archive";
import { EfacturaNotConnected, efacturaAccess, REFRESH_REFUSED_PROBLEM } from "../../efactura/efacturaAccess";
import { createSpvClient, type SpvClient, SpvError, type SpvMessage } from "../../efactura/spvClient";
import { readSpvZip, type SpvDocument, UnreadableZip } from "../../efactura/ubl";
import { recordInvoiceEvent } from "../../routes/api/invoices/invoiceHistory";
import { fromBucharestWallClock } from "../../smartbill/bucharestTime";
import { TaskFailure, type TaskHandler } from "../types";

export const EFACTURA_SYNC_DEDUP_KEY = "efactura-sync";

export const efacturaSyncWords = {
  taskTitle: "Citire mesaje e-Factura (SPV)",
  noServer: "Citirea mesajelor SPV nu este disponibilă în acest proces.",
  noAddress: "Adresa serviciului e-Factura (ANAF) nu este cunoscută încă.",
  unreadable: (reason: string) => `Arhiva primită de la ANAF nu a putut fi citită (${reason}).`,
  notInvoice: "Arhiva primită de la ANAF nu conține o factură.",
  rejectedNoText: "ANAF a respins factura (stareMesaj: nok), fără un mesaj de eroare.",
  done: (read: number, matched: number, received: number, stopped: string | null) =>
    `Mesaje SPV noi: ${read}; facturi cu stare actualizată: ${matched}; facturi primite: ${received}.${stopped ? ` Oprit: ${stopped}` : ""}`,
};

/** SPV keeps messages 60 days and lists no further back; a minute's margin for the clocks. */
const SPV_WINDOW_MS = 60 * 24 * 3600 * 1000 - 60_000;
/** Each run reads again this much before where the last one ended: a message listed late is still read. */
export const SYNC_OVERLAP_MS = 24 * 3600 * 1000;
/** Whose history event it is: ANAF's, read by the server, not a user's. */
const SPV_EVENT_USER = { id: null, email: "ANAF (SPV)" } as const;

/** The series+number key used for matching: uppercase, no spaces, dashes or slashes. */
export const normalisedNumber = (text: string): string => text.toUpperCase().replace(/[\s\-/]+/g, "");

/** True when cbc:ID `documentId` names the invoice `series` + `number` (leading zeros of the number tolerated). */
export function sameInvoiceNumber(documentId: string, series: string, number: string): boolean {
  const id = normalisedNumber(documentId);
  const prefix = normalisedNumber(series);
  if (!id.startsWith(prefix)) return false;
  const rest = id.slice(prefix.length);
  const ours = normalisedNumber(number);
  return rest === ours || (/^\d+$/.test(rest) && /^\d+$/.test(ours) && rest.replace(/^0+/, "") === ours.replace(/^0+/, ""));
}

/** True when ANAF's error `text` names the invoice `series` + `number`, as a word of its own. */
export function textNamesInvoice(text: string, series: string, number: string): boolean {
  const escape = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const s = normalisedNumber(series);
  const n = normalisedNumber(number);
  if (!n) return false;
  const digits = /^\d+$/.test(n);
  const numberPattern = digits ? `0*${escape(n.replace(/^0+/, "") || "0")}` : escape(n);
  const pattern = new RegExp(`(?<![A-Z0-9])${escape(s)}[\\s\\-/]*${numberPattern}(?![0-9A-Z])`, "i");
  return pattern.test(text.toUpperCase());
}

interface SentInvoice {
  id: number;
  sentSeries: string | null;
  sentNumber: string | null;
  efacturaStatus: EfacturaStatus | null;
}

/** The tenant's invoices SmartBill issued (proformas aside): what an SPV message can be about. */
function sentInvoices(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom("invoices")
    .select(["id", "sentSeries", "sentNumber", "efacturaStatus"])
    .where("tenantId", "=", tenantId)
    .where("documentType", "=", "invoice")
    .where("sentNumber", "is not", null)
    .where("sentNumber", "!=", "");
}

/** The one sent invoice of the tenant cbc:ID names, or undefined. */
async function invoiceByNumber(db: Kysely<Database>, tenantId: number, documentId: string): Promise<SentInvoice | undefined> {
  const digits = /(\d+)$/.exec(normalisedNumber(documentId))?.[1]?.replace(/^0+/, "");
  // Narrowed by the number's last digits in the database; compared exactly here.
  const candidates = await sentInvoices(db, tenantId)
    .where("sentNumber", "like", `%${digits ? digits.slice(-6) : ""}`)
    .execute();
  const matches = candidates.filter((invoice) => sameInvoiceNumber(documentId, invoice.sentSeries ?? "", invoice.sentNumber ?? ""));
  return matches.length === 1 ? matches[0] : undefined;
}

/** The one sent invoice of the tenant ANAF's error text names, or undefined (none, or several). */
async function invoiceNamedIn(db: Kysely<Database>, tenantId: number, text: string): Promise<SentInvoice | undefined> {
  const candidates = await sentInvoices(db, tenantId).execute();
  const matches = candidates.filter((invoice) => textNamesInvoice(text, invoice.sentSeries ?? "", invoice.sentNumber ?? ""));
  return matches.length === 1 ? matches[0] : undefined;
}

/** May an invoice in status `from` take `to`? Never back to 'sent'; a rejection may be followed by a validation (sent again). */
function allowedChange(from: EfacturaStatus | null, to: EfacturaStatus): boolean {
  if (from === to) return false;
  if (to === "sent") return from === null;
  if (to === "rejected") return from === null || from === "sent";
  return true;
}

/** Sets the invoice's SPV status and writes its history event, in one transaction; false when the change is not allowed. */
async function changeStatus(
  db: Kysely<Database>,
  invoiceId: number,
  message: { rowId: number; messageId: string },
  status: EfacturaStatus,
  error: string | null,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("invoices").select("efacturaStatus").where("id", "=", invoiceId).executeTakeFirst();
    if (!current || !allowedChange(current.efacturaStatus, status)) return false;
    const from = current.efacturaStatus;
    const result = await trx
      .updateTable("invoices")
      .set({ efacturaStatus: status, efacturaMessageId: message.rowId, efacturaError: error, efacturaUpdatedAt: timestamp() })
      .where("id", "=", invoiceId)
      // Unchanged since it was read: another run's change is not overwritten.
      .where((eb) => (from === null ? eb("efacturaStatus", "is", null) : eb("efacturaStatus", "=", from)))
      .executeTakeFirst();
    if (result.numUpdatedRows === 0n) return false;
    await recordInvoiceEvent(trx, {
      invoiceId,
      action: "efactura",
      outcome: status === "rejected" ? "refused" : "ok",
      user: SPV_EVENT_USER,
      answer: error,
      detail: { status, ...(error ? { error } : {}), messageId: message.messageId },
    });
    return true;
  });
}

/** data_creare ('YYYYMMDDHHmm', Romanian time) as an ISO instant; the reading's time when unreadable. */
function creationInstant(text: string, fallback: number): string {
  const m = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})/.exec(text);
  const ms = m ? fromBucharestWallClock({ year: +m[1], month: +m[2], day: +m[3], hour: +m[4], minute: +m[5], second: 0 }) : undefined;
  return new Date(ms !== undefined && Number.isFinite(ms) ? ms : fallback).toISOString();
}

/** A stop of the run or of one kind of call. */
type Stop = SpvError;

export function createEfacturaSync(): TaskHandler {
  return async (context) => {
    const { db, task, signal, progress, app } = context;
    if (!app) throw new TaskFailure(efacturaSyncWords.noServer);
    return syncTenant(app, db, task.tenantId, { signal, progress });
  };
}

interface RunControls {
  signal: AbortSignal;
  progress: Parameters<TaskHandler>[0]["progress"];
}

/** One run for one tenant (the task's body; tests may call it through the task). */
export async function syncTenant(app: FastifyInstance, db: Kysely<Database>, tenantId: number, { signal, progress }: RunControls) {
  const connection = await db.selectFrom("efactura_connections").select(["syncedUntilMs"]).where("tenantId", "=", tenantId).executeTakeFirst();
  if (!connection) return { message: efacturaSyncWords.done(0, 0, 0, null), total: 0, processed: 0 };
  const urls = app.efacturaUrls();
  if (!urls) throw new TaskFailure(efacturaSyncWords.noAddress);
  let access;
  try {
    access = await efacturaAccess(app, tenantId);
  } catch (error) {
    if (error instanceof EfacturaNotConnected) {
      await recordProblem(db, tenantId, error.message);
      throw new TaskFailure(error.message);
    }
    throw error;
  }
  const config = app.config.efactura;
  const client = createSpvClient({ db, config, apiBase: urls.api, cif: access.cif, accessToken: access.accessToken, now: () => app.now() });
  const now = app.now();

  let stopped: Stop | null = null;
  let read = 0;
  let matched = 0;
  let received = 0;
  let syncedUntilMs: number | null = null;

  // 1. The list, page by page.
  const oldest = now - SPV_WINDOW_MS;
  const since = connection.syncedUntilMs === null ? oldest : Math.max(oldest, Number(connection.syncedUntilMs) - SYNC_OVERLAP_MS);
  try {
    for (let page = 1; ; page++) {
      signal.throwIfAborted();
      const { messages, totalPages } = await client.listPage(since, now, page);
      for (const message of messages) if (await storeMessage(db, tenantId, message, now)) read++;
      if (page >= totalPages || messages.length === 0) break;
    }
    syncedUntilMs = now;
  } catch (error) {
    if (!(error instanceof SpvError)) throw error;
    stopped = error;
  }
  await progress({ total: read, processed: 0, progress: 20 });

  // 2. The stored messages not read yet, oldest first.
  const fatal = (error: SpvError | null) => error !== null && error.kind !== "limit" && error.kind !== "budget";
  let statusStop: SpvError | null = null;
  if (!fatal(stopped)) {
    const pending = await db
      .selectFrom("efactura_messages")
      .select(["id", "messageId", "type", "uploadId"])
      .where("tenantId", "=", tenantId)
      .where("type", "in", [SPV_MESSAGE_TYPES.sent, SPV_MESSAGE_TYPES.errors, SPV_MESSAGE_TYPES.received])
      .where("archivedAt", "is", null)
      .where("errorText", "is", null)
      .orderBy("createdAt")
      .orderBy("id")
      .execute();
    for (const [index, message] of pending.entries()) {
      signal.throwIfAborted();
      let outcome;
      try {
        outcome = await processMessage(app, db, client, tenantId, message, statusStop === null);
      } catch (error) {
        if (!(error instanceof SpvError)) throw error;
        // A download's budget is per message: the others may still be read.
        if (error.kind === "limit" || error.kind === "budget") {
          stopped ??= error;
          continue;
        }
        stopped = error;
        break;
      }
      if (outcome.statusStop) statusStop = outcome.statusStop;
      if (outcome.changed) matched++;
      if (message.type === SPV_MESSAGE_TYPES.received) received++;
      await progress({ processed: index + 1, updated: matched, progress: 20 + Math.floor(((index + 1) * 60) / pending.length) });
    }
  }

  // 3. Invoices ANAF was still processing.
  if (!fatal(stopped) && statusStop === null) {
    const waiting = await db
      .selectFrom("invoices")
      .innerJoin("efactura_messages", "efactura_messages.id", "invoices.efacturaMessageId")
      .select(["invoices.id as invoiceId", "efactura_messages.id as rowId", "efactura_messages.messageId", "efactura_messages.uploadId"])
      .where("invoices.tenantId", "=", tenantId)
      .where("invoices.efacturaStatus", "=", "sent")
      .execute();
    for (const row of waiting) {
      signal.throwIfAborted();
      if (!row.uploadId) continue;
      try {
        if (await settleUpload(db, client, row.invoiceId, { rowId: row.rowId, messageId: row.messageId }, row.uploadId)) matched++;
      } catch (error) {
        if (!(error instanceof SpvError)) throw error;
        stopped ??= error;
        break;
      }
    }
  }
  stopped ??= statusStop;

  await db
    .updateTable("efactura_connections")
    .set((eb) => ({
      syncedAt: timestamp(app.now()),
      ...(syncedUntilMs === null ? {} : { syncedUntilMs }),
      // A reading that went well ends its own problems, not a refused refresh: the access token
      // still works for its last days, and then nothing will, unless an admin reconnects.
      problem: stopped
        ? stopped.message
        : eb.case().when("problem", "=", REFRESH_REFUSED_PROBLEM).then(REFRESH_REFUSED_PROBLEM).else(null).end(),
      updatedAt: timestamp(),
    }))
    .where("tenantId", "=", tenantId)
    .execute();

  const counts = { total: read, processed: read, updated: matched };
  if (fatal(stopped)) throw new TaskFailure(stopped!.message, counts);
  return { message: efacturaSyncWords.done(read, matched, received, stopped?.message ?? null), ...counts };
}

async function recordProblem(db: Kysely<Database>, tenantId: number, problem: string): Promise<void> {
  await db.updateTable("efactura_connections").set({ problem, updatedAt: timestamp() }).where("tenantId", "=", tenantId).execute();
}

/** Stores a listed message unless the tenant has it already; true when it was new. */
async function storeMessage(db: Kysely<Database>, tenantId: number, message: SpvMessage, now: number): Promise<boolean> {
  const row = await db
    .insertInto("efactura_messages")
    .values({
      tenantId,
      messageId: message.id,
      type: message.tip,
      uploadId: message.id_solicitare,
      cif: message.cif,
      details: message.detalii,
      createdAt: creationInstant(message.data_creare, now),
      readAt: timestamp(now),
    })
    .onConflict((conflict) => conflict.columns(["tenantId", "messageId"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  return row !== undefined;
}

interface PendingMessage {
  id: number;
  messageId: string;
  type: string;
  uploadId: string | null;
}

/** Downloads, reads and archives one message, and records what it says of an invoice. */
async function processMessage(
  app: FastifyInstance,
  db: Kysely<Database>,
  client: SpvClient,
  tenantId: number,
  message: PendingMessage,
  mayAskStatus: boolean,
): Promise<{ changed: boolean; statusStop: SpvError | null }> {
  let zip: Uint8Array;
  try {
    zip = await client.download(message.messageId);
  } catch (error) {
    // ANAF's own refusal of this message (e.g. no longer available): recorded, not asked again.
    if (error instanceof SpvError && error.kind === "refused") {
      await db.updateTable("efactura_messages").set({ errorText: error.message }).where("id", "=", message.id).execute();
      return { changed: false, statusStop: null };
    }
    throw error;
  }
  let document: SpvDocument | null = null;
  let unreadable: string | null = null;
  try {
    document = await readSpvZip(zip);
  } catch (error) {
    if (!(error instanceof UnreadableZip)) throw error;
    unreadable = efacturaSyncWords.unreadable(error.message);
  }
  const stored = await keepArchive(app.config.efactura.archiveDir, tenantId, message.messageId, zip);
  const fields = {
    ...stored,
    archivedAt: timestamp(),
    ...(document?.kind === "invoice"
      ? {
          number: document.number,
          issueDate: document.issueDate,
          dueDate: document.dueDate,
          supplierName: document.supplier.name,
          supplierCif: document.supplier.cif,
          buyerName: document.buyer.name,
          buyerCif: document.buyer.cif,
          total: document.total,
          currency: document.currency,
        }
      : {}),
    ...(document?.kind === "errors" ? { errorText: document.text } : {}),
    ...(unreadable ? { errorText: unreadable } : {}),
  };

  let invoice: SentInvoice | undefined;
  if (message.type === SPV_MESSAGE_TYPES.sent && document?.kind === "invoice" && document.number) {
    invoice = await invoiceByNumber(db, tenantId, document.number);
  } else if (message.type === SPV_MESSAGE_TYPES.errors && document?.kind === "errors" && document.text) {
    invoice = await invoiceNamedIn(db, tenantId, document.text);
  }
  await db
    .updateTable("efactura_messages")
    .set({ ...fields, invoiceId: invoice?.id ?? null })
    .where("id", "=", message.id)
    .execute();
  if (!invoice) return { changed: false, statusStop: null };
  const ref = { rowId: message.id, messageId: message.messageId };

  if (message.type === SPV_MESSAGE_TYPES.errors && document?.kind === "errors") {
    return { changed: await changeStatus(db, invoice.id, ref, "rejected", document.text), statusStop: null };
  }
  // FACTURA TRIMISA: ANAF's state of the upload decides; unknown yet, it is 'sent'.
  let statusStop: SpvError | null = null;
  if (mayAskStatus && message.uploadId) {
    try {
      if (await settleUpload(db, client, invoice.id, ref, message.uploadId)) return { changed: true, statusStop: null };
    } catch (error) {
      if (!(error instanceof SpvError)) throw error;
      if (error.kind !== "limit" && error.kind !== "budget") throw error;
      statusStop = error;
    }
  }
  return { changed: await changeStatus(db, invoice.id, ref, "sent", null), statusStop };
}

/** stareMesaj of the upload: ok → validated, nok → rejected; true when the invoice's status changed. */
async function settleUpload(db: Kysely<Database>, client: SpvClient, invoiceId: number, ref: { rowId: number; messageId: string }, uploadId: string): Promise<boolean> {
  const status = await client.uploadStatus(uploadId);
  if (status.state === "ok") return changeStatus(db, invoiceId, ref, "validated", null);
  if (status.state === "nok") return changeStatus(db, invoiceId, ref, "rejected", status.errors.join("\n") || efacturaSyncWords.rejectedNoText);
  if (status.state === "in prelucrare") return changeStatus(db, invoiceId, ref, "sent", null);
  return false;
}
