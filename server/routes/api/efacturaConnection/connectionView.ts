/** The tenant's SPV connection as GET /api/efactura/connection answers it: never a token. */
import type { Kysely } from "kysely";
import type { EfacturaConnection } from "../../../../contract/efactura";
import type { Config } from "../../../config";
import type { Database } from "../../../db/database";

export async function connectionView(db: Kysely<Database>, config: Pick<Config, "efactura">, tenantId: number): Promise<EfacturaConnection> {
  const row = await db
    .selectFrom("efactura_connections")
    .select(["cif", "connectedAt", "connectedByEmail", "accessExpiresAt", "refreshExpiresAt", "problem", "syncedAt"])
    .where("tenantId", "=", tenantId)
    .executeTakeFirst();
  return {
    available: !!config.efactura.clientId && !!config.efactura.clientSecret,
    connected: !!row,
    cif: row?.cif ?? null,
    connectedAt: row?.connectedAt ?? null,
    connectedBy: row?.connectedByEmail ?? null,
    accessExpiresAt: row?.accessExpiresAt ?? null,
    refreshExpiresAt: row?.refreshExpiresAt ?? null,
    problem: row?.problem ?? null,
    syncedAt: row?.syncedAt ?? null,
  };
}
