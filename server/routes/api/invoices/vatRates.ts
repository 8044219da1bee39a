/**
 * The VAT percent a line gets when it names none: the rate of its tax (by default 'Normala') in
 * the tenant's SmartBill tax list (GET /tax; 21 in 2026), so a new line carries the rate
 * SmartBill will accept. Only when that list cannot be read (no SmartBill settings, SmartBill
 * down, refusing, slow) does the spec's fixed 19 apply: an import never fails because of the
 * tax list.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import { INVOICE_LINE_DEFAULTS } from "../../../../contract/constants";
import type { Database } from "../../../db/database";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { smartBillClientForTenant } from "../../../smartbill/client";
import type { Tax } from "../../../smartbill/types";
import { normalizeHeader } from "../../../excel/header";

/** The tax list is a nicety: an import waits at most this long for it (rate-limit wait included). */
const TAX_LIST_TIMEOUT_MS = 5_000;

/** The tenant's taxes, or null when they could not be read. */
export type TaxList = readonly Tax[] | null;

export async function readTaxList(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
  log?: FastifyBaseLogger,
): Promise<TaxList> {
  let timer: NodeJS.Timeout | undefined;
  try {
    const client = await smartBillClientForTenant(db, tenantId, smartBillUrls, { timeoutMs: TAX_LIST_TIMEOUT_MS });
    const deadline = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`GET /tax took longer than ${TAX_LIST_TIMEOUT_MS} ms`)), TAX_LIST_TIMEOUT_MS);
    });
    return await Promise.race([client.getTaxes(), deadline]);
  } catch (error) {
    log?.warn({ err: error, tenantId }, "SmartBill tax list unavailable; VAT percent defaults to %d", INVOICE_LINE_DEFAULTS.taxPercentage);
    return null;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The percent of the tax named `taxName` ('normala' finds 'Normala'); the fixed default when the
 * list could not be read; undefined when the list was read and has no such tax.
 */
export function defaultTaxPercentage(taxes: TaxList, taxName: string): number | undefined {
  if (taxes === null) return INVOICE_LINE_DEFAULTS.taxPercentage;
  const wanted = normalizeHeader(taxName);
  return taxes.find((tax) => normalizeHeader(tax.name) === wanted)?.percentage;
}

/** 'Normala 21%, Redusa 11%' for a message. */
export function describeTaxes(taxes: readonly Tax[]): string {
  return taxes.map((tax) => `${tax.name} ${tax.percentage}%`).join(", ");
}
