/**
 * Companies by CUI, from ANAF through the fleet's budget, kept a day in `anaf_companies`
 * (migration 0018) for every tenant: ANAF's public data is the same for all, and its limit of one
 * request per second is the whole fleet's. A CUI read within `maxAgeMs` is answered from the
 * table; the rest are asked in requests of at most 100, one after another. A request that fails
 * throws AnafUnavailable and stores nothing of its own (those before it stay stored).
 */
import { type Kysely, sql } from "kysely";
import { type AnafCompany, type AnafState } from "../../contract/anaf";
import { validCui } from "../../contract/cif";
import { dialectOf } from "../db/connection";
import type { Database } from "../db/database";
import { ANAF_MAX_CUIS_PER_REQUEST, type AnafClient } from "./client";

/** How long an answer stands for ANAF's: a day. */
export const ANAF_CACHE_MS = 24 * 60 * 60 * 1000;

/** What lookupCompanies needs: the database and the ANAF client (an app, `app.anaf`, is one). */
export interface AnafLookupSource {
  db: Kysely<Database>;
  anaf: AnafClient;
}

export interface LookupOptions {
  /** After the table's answers, then after each request: CUIs answered so far, of all. */
  onProgress?(done: number, total: number): void;
  /** Older answers are asked again (default a day; 0 asks ANAF for every CUI). */
  maxAgeMs?: number;
}

/** Rows read per query (SQLite's bound parameters are limited). */
const READ_CHUNK = 500;

/**
 * Each CUI (digits) with its company, or null when ANAF does not know it (an invalid CUI is
 * answered null without asking). Throws AnafUnavailable when ANAF cannot be asked.
 */
export async function lookupCompanies(
  source: AnafLookupSource,
  cuis: readonly string[],
  options: LookupOptions = {},
): Promise<Map<string, AnafCompany | null>> {
  const { db, anaf } = source;
  const unique = [...new Set(cuis)];
  const result = new Map<string, AnafCompany | null>();
  for (const cui of unique) if (!validCui(cui)) result.set(cui, null);
  const valid = unique.filter((cui) => !result.has(cui));

  const freshAfter = new Date((await databaseNow(db)) - (options.maxAgeMs ?? ANAF_CACHE_MS)).toISOString();
  for (const row of await readRows(db, valid, freshAfter)) {
    result.set(row.cui, row.company === null ? null : (JSON.parse(row.company) as AnafCompany));
  }
  options.onProgress?.(result.size, unique.length);

  const asked = valid.filter((cui) => !result.has(cui));
  for (let start = 0; start < asked.length; start += ANAF_MAX_CUIS_PER_REQUEST) {
    const batch = asked.slice(start, start + ANAF_MAX_CUIS_PER_REQUEST);
    const answer = await anaf.ask(batch);
    const checkedAt = new Date(await databaseNow(db)).toISOString();
    const inBatch = new Set(batch);
    const rows: { cui: string; state: AnafState; company: string | null; checkedAt: string }[] = [];
    for (const found of answer.found) {
      if (!inBatch.has(found.cui)) continue;
      const company = { ...found, checkedAt };
      result.set(company.cui, company);
      rows.push({ cui: company.cui, state: anafStateOf(company), company: JSON.stringify(company), checkedAt });
    }
    for (const cui of answer.notFound) {
      if (!inBatch.has(cui) || rows.some((row) => row.cui === cui)) continue;
      result.set(cui, null);
      rows.push({ cui, state: "notFound", company: null, checkedAt });
    }
    // A CUI ANAF left out of both lists is not known to be unknown: answered null, not stored.
    for (const cui of batch) if (!result.has(cui)) result.set(cui, null);
    await storeRows(db, rows);
    options.onProgress?.(result.size, unique.length);
  }
  return result;
}

/** What a company's answer means for invoicing it: struck off before inactive before active. */
export function anafStateOf(company: AnafCompany | null): AnafState {
  if (!company) return "notFound";
  if (company.struckOffOn) return "struckOff";
  if (company.inactive) return "inactive";
  return "active";
}

/** The state ANAF last gave each CUI that has one, however old: from the table, never from ANAF. */
export async function lastKnownStates(
  db: Kysely<Database>,
  cuis: readonly string[],
): Promise<Map<string, { state: AnafState; checkedAt: string }>> {
  const known = new Map<string, { state: AnafState; checkedAt: string }>();
  for (const row of await readRows(db, [...new Set(cuis)], undefined)) {
    known.set(row.cui, { state: row.state, checkedAt: row.checkedAt });
  }
  return known;
}

/** The answer ANAF last gave each CUI that has one, however old (null: ANAF did not know it): from the table only. */
export async function keptCompanies(db: Kysely<Database>, cuis: readonly string[]): Promise<Map<string, AnafCompany | null>> {
  const kept = new Map<string, AnafCompany | null>();
  for (const row of await readRows(db, [...new Set(cuis)], undefined)) {
    kept.set(row.cui, row.company === null ? null : (JSON.parse(row.company) as AnafCompany));
  }
  return kept;
}

async function readRows(db: Kysely<Database>, cuis: readonly string[], freshAfter: string | undefined) {
  const rows = [];
  for (let start = 0; start < cuis.length; start += READ_CHUNK) {
    let query = db.selectFrom("anaf_companies").selectAll().where("cui", "in", cuis.slice(start, start + READ_CHUNK));
    if (freshAfter !== undefined) query = query.where("checkedAt", ">", freshAfter);
    rows.push(...(await query.execute()));
  }
  return rows;
}

async function storeRows(
  db: Kysely<Database>,
  rows: readonly { cui: string; state: AnafState; company: string | null; checkedAt: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto("anaf_companies")
    .values([...rows])
    .onConflict((c) =>
      c.column("cui").doUpdateSet((eb) => ({
        state: eb.ref("excluded.state"),
        company: eb.ref("excluded.company"),
        checkedAt: eb.ref("excluded.checkedAt"),
      })),
    )
    .execute();
}

/** The database's clock (epoch ms): the one every process of a fleet shares. */
async function databaseNow(db: Kysely<Database>): Promise<number> {
  if (dialectOf(db) !== "postgres") return Date.now();
  const { rows } = await sql<{ now: number }>`select (extract(epoch from clock_timestamp()) * 1000)::float8 as "now"`.execute(db);
  return rows[0].now;
}
