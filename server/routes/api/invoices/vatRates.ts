/**
 * The VAT percent a line gets when it names none: the rate of its tax (by default 'Normala') in
 * the tenant's SmartBill tax list (GET /tax; 21 in 2026), so a new line carries the rate
 * SmartBill will accept. Each list read is kept (tax_lists) with when; when SmartBill cannot be
 * asked (no settings, a lockout, down, slow) the last list kept is used, and says from when.
 * With no list ever read, no rate is assumed: the line must give its VAT percent.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { smartBillClientForTenant } from "../../../smartbill/client";
import type { Tax } from "../../../smartbill/types";
import { normalizeHeader } from "../../../excel/header";

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

/** The percent of the tax named `taxName` ('normala' finds 'Normala'); undefined when the list has no such tax. */
export function defaultTaxPercentage(taxes: readonly Tax[], taxName: string): number | undefined {
  const wanted = normalizeHeader(taxName);
  return taxes.find((tax) => normalizeHeader(tax.name) === wanted)?.percentage;
}

/** 'Normala 21%, Redusa 11%' for a message. */
export function describeTaxes(taxes: readonly Tax[]): string {
  return taxes.map((tax) => `${tax.name} ${tax.percentage}%`).join(", ");
}
