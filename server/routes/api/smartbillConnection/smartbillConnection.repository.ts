/**
 * The tenant's SmartBill connection as stored: its `smartbill.*` settings (the same rows the
 * 'Setări' screen lists), read whole and written together. Values here are never masked.
 */
import type { Kysely } from "kysely";
import type { SmartBillConnectionInput } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { SMARTBILL_SETTINGS, smartBillConfigFromSettings } from "../../../smartbill/client";
import { SmartBillError } from "../../../smartbill/types";
import { readTenantProperties } from "../properties/properties.repository";

/** The stored settings, each "" when absent. */
export async function readConnection(db: Kysely<Database>, tenantId: number): Promise<SmartBillConnectionInput> {
  const settings = await readTenantProperties(db, tenantId, "smartbill.");
  return {
    username: settings[SMARTBILL_SETTINGS.username] ?? "",
    token: settings[SMARTBILL_SETTINGS.token] ?? "",
    cif: settings[SMARTBILL_SETTINGS.cif] ?? "",
    url: settings[SMARTBILL_SETTINGS.url] ?? "",
  };
}

/**
 * True when a SmartBill client could be made from the tenant's settings: the three required
 * ones are set and the address (or SmartBill's default) is one this server may call. What a
 * SmartBill screen needs to know before its first call, and nothing more.
 */
export async function isConnectionConfigured(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
): Promise<boolean> {
  const settings = await readTenantProperties(db, tenantId, "smartbill.");
  try {
    return smartBillUrls.allowsBaseUrl(smartBillConfigFromSettings(settings).baseUrl);
  } catch (error) {
    if (error instanceof SmartBillError) return false;
    throw error;
  }
}

/** Writes the four settings; the caller runs it in a transaction, so all of them or (on any failure) none. */
export async function saveConnection(
  trx: Kysely<Database>,
  tenantId: number,
  connection: SmartBillConnectionInput,
): Promise<void> {
  const now = timestamp();
  for (const field of ["username", "token", "cif", "url"] as const) {
    await trx
      .insertInto("properties")
      .values({ tenantId, name: SMARTBILL_SETTINGS[field], value: connection[field], createdAt: now, updatedAt: now })
      .onConflict((conflict) => conflict.columns(["tenantId", "name"]).doUpdateSet({ value: connection[field], updatedAt: now }))
      .execute();
  }
}
