/**
 * A tenant's way into SPV: its CIF and a valid access token, decrypted from its connection row.
 * Everything that calls ANAF's e-Factura API with the company's authorisation goes through
 * `efacturaAccess`; a tenant not connected (or whose connection can no longer be used) gets
 * EfacturaNotConnected, with the words to show.
 */
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";
import { decryptToken, encryptToken } from "./tokenCipher";

export class EfacturaNotConnected extends Error {
  override name = "EfacturaNotConnected";
}

export const NOT_CONNECTED_MESSAGE = "Firma nu este conectată la ANAF (SPV). Un administrator o poate conecta din 'e-Factura (SPV)'.";

export interface EfacturaAccess {
  cif: string;
  accessToken: string;
}

export async function efacturaAccess(app: FastifyInstance, tenantId: number): Promise<EfacturaAccess> {
  const row = await app.db.selectFrom("efactura_connections").select(["cif", "accessToken", "accessExpiresAt"]).where("tenantId", "=", tenantId).executeTakeFirst();
  if (!row) throw new EfacturaNotConnected(NOT_CONNECTED_MESSAGE);
  if (Date.parse(row.accessExpiresAt) <= app.now()) {
    throw new EfacturaNotConnected("Autorizarea ANAF (SPV) a expirat. Un administrator trebuie să reconecteze firma din 'e-Factura (SPV)'.");
  }
  return { cif: row.cif, accessToken: decryptToken(app.config.efactura.tokenKey, tenantId, row.accessToken) };
}

export interface ConnectionTokens {
  cif: string;
  accessToken: string;
  refreshToken: string;
  accessExpiresAt: string;
  refreshExpiresAt: string;
}

/** Stores (or replaces) a tenant's connection, its tokens encrypted; the caller's transaction, if any. */
export async function saveEfacturaConnection(
  db: Kysely<Database>,
  key: Buffer,
  tenantId: number,
  tokens: ConnectionTokens,
  connectedBy: { userId: number | null; email: string },
): Promise<void> {
  const now = timestamp();
  const values = {
    cif: tokens.cif,
    accessToken: encryptToken(key, tenantId, tokens.accessToken),
    refreshToken: encryptToken(key, tenantId, tokens.refreshToken),
    accessExpiresAt: tokens.accessExpiresAt,
    refreshExpiresAt: tokens.refreshExpiresAt,
    connectedAt: now,
    connectedByUserId: connectedBy.userId,
    connectedByEmail: connectedBy.email,
    refreshedAt: null,
    refreshStartedAt: null,
    problem: null,
    updatedAt: now,
  };
  await db
    .insertInto("efactura_connections")
    .values({ tenantId, ...values })
    .onConflict((conflict) => conflict.column("tenantId").doUpdateSet(values))
    .execute();
}
