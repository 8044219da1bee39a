/**
 * A line's (or a catalogue product's) VAT percent is always its tax's rate in the tenant's
 * SmartBill tax list (GET /tax; Normala 21 in 2026): the tax is the choice, the percent follows
 * it (`resolveTax`), so nothing reaches SmartBill with a rate it would refuse ("Cota tva a
 * produsului … nu a fost gasita pe server!"). Each list read is kept (tax_lists) with when; when
 * SmartBill cannot be asked (no settings, a lockout, down, slow) the last list kept is used, and
 * says from when. With no list ever read, no rate is assumed: the line must give its VAT percent.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { smartBillClientForTenant } from "../../../smartbill/client";
import type { Tax } from "../../../smartbill/types";
import { normalizeHeader } from "../../../excel/header";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import {
  ambiguousTaxPercent,
  invoiceLineTaxStale,
  invoiceLineTaxUnknown,
  noTaxList,
  taxPercentNotListed,
  unknownTax,
} from "../../../messages";

/** The tax list is a nicety: an import waits at most this long for it (rate-limit wait included). */
const TAX_LIST_TIMEOUT_MS = 5_000;

/** The tenant's taxes, or null when no list was ever read. */
export type TaxList = readonly Tax[] | null;

/** A tax list and where it came from: SmartBill just now, or the list kept from `readAt`. */
export interface TaxReading {
  taxes: readonly Tax[];
  source: "smartbill" | "saved";
  readAt: string;
}

/** The tenant's tax list from SmartBill (and kept), else the last one kept, else null. */
export async function readTaxes(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
  log?: FastifyBaseLogger,
): Promise<TaxReading | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const client = await smartBillClientForTenant(db, tenantId, smartBillUrls, { timeoutMs: TAX_LIST_TIMEOUT_MS });
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`GET /tax took longer than ${TAX_LIST_TIMEOUT_MS} ms`)), TAX_LIST_TIMEOUT_MS);
    });
    const taxes = await Promise.race([client.getTaxes(), deadline]);
    const readAt = timestamp();
    await db
      .insertInto("tax_lists")
      .values({ tenantId, taxes: JSON.stringify(taxes), readAt })
      .onConflict((oc) => oc.column("tenantId").doUpdateSet({ taxes: JSON.stringify(taxes), readAt }))
      .execute();
    return { taxes, source: "smartbill", readAt };
  } catch (error) {
    const saved = await db.selectFrom("tax_lists").select(["taxes", "readAt"]).where("tenantId", "=", tenantId).executeTakeFirst();
    log?.warn({ err: error, tenantId, savedFrom: saved?.readAt ?? null }, "SmartBill tax list unavailable; using the last one read");
    return saved ? { taxes: JSON.parse(saved.taxes) as Tax[], source: "saved", readAt: saved.readAt } : null;
  } finally {
    clearTimeout(timer);
  }
}

/** The tenant's taxes for a line's VAT: SmartBill's, else the last kept, else null. */
export async function readTaxList(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
  log?: FastifyBaseLogger,
): Promise<TaxList> {
  return (await readTaxes(db, tenantId, smartBillUrls, log))?.taxes ?? null;
}

/**
 * The list kept from the last read, without asking SmartBill; else SmartBill's (readTaxList).
 * For a single line or product saved: the list is read afresh each time a dialog or form opens
 * (GET /api/smartbill/tax), so the one kept is current, and a save costs no SmartBill call.
 */
export async function knownTaxList(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
  log?: FastifyBaseLogger,
): Promise<TaxList> {
  return (await savedTaxList(db, tenantId)) ?? readTaxList(db, tenantId, smartBillUrls, log);
}

/** The list kept from the last read, or null when none was ever read; SmartBill is not asked. */
export async function savedTaxList(db: Kysely<Database>, tenantId: number): Promise<TaxList> {
  const saved = await db.selectFrom("tax_lists").select("taxes").where("tenantId", "=", tenantId).executeTakeFirst();
  return saved ? (JSON.parse(saved.taxes) as Tax[]) : null;
}

/** The tax named `taxName` ('normala' finds 'Normala'); undefined when the list has no such tax. */
export function findTax(taxes: readonly Tax[], taxName: string): Tax | undefined {
  const wanted = normalizeHeader(taxName);
  return taxes.find((tax) => normalizeHeader(tax.name) === wanted);
}

/** The percent of the tax named `taxName`; undefined when the list has no such tax. */
export function defaultTaxPercentage(taxes: readonly Tax[], taxName: string): number | undefined {
  return findTax(taxes, taxName)?.percentage;
}

export type TaxChoice = { ok: true; taxName: string; taxPercentage: number } | { ok: false; reason: string };

/**
 * A line's tax and VAT percent from what it gives and the tenant's list:
 * - a tax named: that tax of the list, with the list's percent (a stale percent sent, 19 for
 *   Normala, is corrected: the tax is what the clerk chose); a tax the list lacks is refused;
 * - only a percent (a sheet's 'Procent TVA' with no 'Taxă'): the one tax with that percent (11 →
 *   Redusa); none, or several (0 % is Taxare inversa, TVA Inclus, SDD…), is refused;
 * - neither: 'Normala' at the list's rate.
 * With no list ever read nothing can be checked: a percent given is kept, none is refused.
 */
export function resolveTax(taxName: string | undefined, taxPercentage: number | undefined, taxes: TaxList): TaxChoice {
  const named = taxName?.trim() || undefined;
  if (taxes === null) {
    if (taxPercentage === undefined) return { ok: false, reason: noTaxList };
    return { ok: true, taxName: named ?? INVOICE_LINE_DEFAULTS.taxName, taxPercentage };
  }
  if (named === undefined && taxPercentage !== undefined) {
    const matching = taxes.filter((tax) => tax.percentage === taxPercentage);
    if (matching.length === 1) return { ok: true, taxName: matching[0].name, taxPercentage };
    if (matching.length === 0) return { ok: false, reason: taxPercentNotListed(taxPercentage, describeTaxes(taxes)) };
    return { ok: false, reason: ambiguousTaxPercent(taxPercentage, matching.map((tax) => tax.name)) };
  }
  const tax = findTax(taxes, named ?? INVOICE_LINE_DEFAULTS.taxName);
  if (!tax) return { ok: false, reason: unknownTax(named ?? INVOICE_LINE_DEFAULTS.taxName, describeTaxes(taxes)) };
  return { ok: true, taxName: tax.name, taxPercentage: tax.percentage };
}

/** 'Normala 21%, Redusa 11%' for a message. */
export function describeTaxes(taxes: readonly Tax[]): string {
  return taxes.map((tax) => `${tax.name} ${tax.percentage}%`).join(", ");
}

/**
 * Why an invoice's lines cannot go to SmartBill as they are, by the tax list kept (null: never
 * read, nothing to check against): a line whose tax the list rates otherwise (a percent saved
 * before the rate changed), or a tax the list lacks. Undefined when every line is right.
 */
export function lineTaxProblem(
  lines: readonly { name: string; taxName: string; taxPercentage: number }[],
  taxes: TaxList,
): string | undefined {
  if (taxes === null || taxes.length === 0) return undefined;
  const unknown: { name: string; taxName: string }[] = [];
  const stale: { name: string; taxName: string; taxPercentage: number; expected: number }[] = [];
  for (const line of lines) {
    const tax = findTax(taxes, line.taxName);
    if (!tax) unknown.push(line);
    else if (tax.percentage !== line.taxPercentage) stale.push({ ...line, taxName: tax.name, expected: tax.percentage });
  }
  if (unknown.length > 0) return invoiceLineTaxUnknown(unknown, describeTaxes(taxes));
  if (stale.length > 0) return invoiceLineTaxStale(stale);
  return undefined;
}
