/**
 * The 'anaf-refresh' task: reads again from ANAF the CUIs of a tenant's customers whose last
 * answer is oldest (never asked first, then by anaf_companies.checkedAt), a bounded number per
 * run, so that 'Inactiv / radiat' on the list and the check before an invoice is sent rest on
 * an answer of the last day. Scheduled by plugins/anafRefresh.ts, one at a time per tenant across
 * the fleet (its dedupKey and the queue's claim); ANAF's one request a second and 100 CUIs a
 * request are lookupCompanies' (the fleet's budget, kept in the database).
 *
 * ANAF's answers are everyone's (anaf_companies is not per tenant), and two tenants' runs may go
 * at once on two processes: each CUI is claimed in anaf_refresh_claims (migration 0020) before it
 * is asked, so a CUI the tenants share is read once; one read meanwhile by a clerk's lookup is
 * answered from the table.
 */
import { type Kysely, sql } from "kysely";
import { AnafUnavailable, type AnafClient } from "../../anaf/index";
import { lookupCompanies } from "../../anaf/lookup";
import { dialectOf } from "../../db/connection";
import type { Database } from "../../db/database";
import { anafRefreshMessages } from "../../messages";
import { TaskFailure, type TaskHandler } from "../types";

export const ANAF_REFRESH_DEDUP_KEY = "anaf-refresh";

/** How long a claim holds when its run never ends (its process died): longer than any run. */
const CLAIM_MS = 15 * 60 * 1000;

/** CUIs read per tenant and run: 5 requests of ANAF's 100, five seconds of the fleet's budget. */
export const ANAF_REFRESH_BATCH = 500;

/**
 * An answer older than this is read again: under the day the check before sending trusts, with
 * room for a few hourly runs to reach it.
 */
export const ANAF_REFRESH_AFTER_MS = 20 * 60 * 60 * 1000;

/**
 * The distinct CUIs of customers (of one tenant, or of all) whose answer is missing or older than
 * `answeredBefore` (ISO), never asked first, then the oldest answer.
 */
export function cuisDue(db: Kysely<Database>, answeredBefore: string, tenantId?: number) {
  let query = db
    .selectFrom("customers")
    .leftJoin("anaf_companies", "anaf_companies.cui", "customers.cui")
    .where("customers.cui", "is not", null)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("anaf_refresh_claims").select("anaf_refresh_claims.cui").whereRef("anaf_refresh_claims.cui", "=", "customers.cui"))),
    )
    .where((eb) => eb.or([eb("anaf_companies.cui", "is", null), eb("anaf_companies.checkedAt", "<", answeredBefore)]));
  if (tenantId !== undefined) query = query.where("customers.tenantId", "=", tenantId);
  return query;
}

/**
 * Claims the CUIs for this run: answers those it got. A CUI whose claim another run holds is left
 * to it; a claim past its time (its process died) is taken over. One statement per CUI, so two
 * runs claiming at once each get a row or not, never both.
 */
export async function claimCuis(db: Kysely<Database>, cuis: readonly string[]): Promise<string[]> {
  const now = await refreshDueBefore(db, 0);
  const claimedUntil = new Date(Date.parse(now) + CLAIM_MS).toISOString();
  const claimed: string[] = [];
  for (const cui of cuis) {
    const row = await db
      .insertInto("anaf_refresh_claims")
      .values({ cui, claimedUntil })
      .onConflict((c) =>
        c
          .column("cui")
          .doUpdateSet({ claimedUntil })
          .where("anaf_refresh_claims.claimedUntil", "<", now),
      )
      .returning("cui")
      .executeTakeFirst();
    if (row) claimed.push(row.cui);
  }
  return claimed;
}

/** Ends this run's claims. */
export async function releaseCuis(db: Kysely<Database>, cuis: readonly string[]): Promise<void> {
  for (let start = 0; start < cuis.length; start += 500) {
    await db.deleteFrom("anaf_refresh_claims").where("cui", "in", cuis.slice(start, start + 500)).execute();
  }
}

/** The database clock's "now − ANAF_REFRESH_AFTER_MS" (ISO), as anaf_companies.checkedAt is written. */
export async function refreshDueBefore(db: Kysely<Database>, afterMs = ANAF_REFRESH_AFTER_MS): Promise<string> {
  const now =
    dialectOf(db) === "postgres"
      ? Number((await sql<{ now: number }>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as "now"`.execute(db)).rows[0].now)
    : Date.now();
  return new Date(now - afterMs).toISOString();
}

export interface AnafRefreshOptions {
  batch?: number;
  afterMs?: number;
}

export function createAnafRefresh(options: AnafRefreshOptions = {}): TaskHandler {
  const batch = options.batch ?? ANAF_REFRESH_BATCH;
  const afterMs = options.afterMs ?? ANAF_REFRESH_AFTER_MS;
  return async ({ db, task, signal, anaf, progress }) => {
    if (!anaf) throw new TaskFailure(anafRefreshMessages.noClient);
    const answeredBefore = await refreshDueBefore(db, afterMs);
    const rows = await cuisDue(db, answeredBefore, task.tenantId)
      .select(["customers.cui", "anaf_companies.checkedAt"])
      // One row per CUI however many of the tenant's customers have it.
      .groupBy(["customers.cui", "anaf_companies.checkedAt"])
      // Never asked first, then the oldest answer.
      .orderBy((eb) => eb.case().when("anaf_companies.checkedAt", "is", null).then(0).else(1).end())
      .orderBy("anaf_companies.checkedAt")
      .orderBy("customers.cui")
      .limit(batch)
      .execute();
    signal.throwIfAborted();
    const cuis = await claimCuis(
      db,
      rows.map((row) => row.cui!),
    );
    let read = 0;
    try {
      // An answer read since the query above (another tenant's run, a clerk's lookup) is kept.
      await lookupCompanies({ db, anaf: abortable(anaf, signal) }, cuis, {
        maxAgeMs: afterMs,
        onProgress: (done, total) => {
          read = done;
          void progress({ processed: done, total, progress: total === 0 ? 100 : Math.round((done / total) * 100) }).catch(() => {});
        },
      });
    } catch (error) {
      // ANAF away: this run stops, what it read stays stored, the next run goes on.
      if (error instanceof AnafUnavailable) {
        throw new TaskFailure(anafRefreshMessages.unavailable(error.message), { total: cuis.length, processed: read });
      }
      throw error;
    } finally {
      await releaseCuis(db, cuis);
    }
    return { message: anafRefreshMessages.done(cuis.length), total: cuis.length, processed: cuis.length, updated: cuis.length };
  };
}

/** The client, stopping before its next request once the server is shutting down. */
function abortable(anaf: AnafClient, signal: AbortSignal): AnafClient {
  return {
    ...anaf,
    ask: (cuis) => {
      signal.throwIfAborted();
      return anaf.ask(cuis);
    },
  };
}
