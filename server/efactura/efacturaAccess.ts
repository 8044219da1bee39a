/**
 * A tenant's way into SPV: its CIF and a valid access token, decrypted from its connection row.
 * Everything that calls ANAF's e-Factura API with the company's authorisation goes through
 * `efacturaAccess`; a tenant not connected (or whose connection can no longer be used) gets
 * EfacturaNotConnected, with the words to show.
 *
 * An access token that ends within REFRESH_MARGIN_MS is refreshed first (`refreshConnection`).
 * ANAF's refresh tokens rotate — a refresh spends the old one — so the row is held while one
 * process refreshes (`refreshStartedAt`, set by a compare-and-set), and the new pair is written
 * only while that hold is still the one taken: two processes never refresh the same connection at
 * once, and a reconnection meanwhile is never overwritten with older tokens.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";
import type { EfacturaUrls } from "../plugins/efacturaUrls";
import { OauthFailure, type OauthSettings, refreshTokens } from "./oauthClient";
import { decryptToken, encryptToken } from "./tokenCipher";

export class EfacturaNotConnected extends Error {
  override name = "EfacturaNotConnected";
}

export const NOT_CONNECTED_MESSAGE = "Firma nu este conectată la ANAF (SPV). Un administrator o poate conecta din 'e-Factura (SPV)'.";
export const EXPIRED_MESSAGE = "Autorizarea ANAF (SPV) a expirat. Un administrator trebuie să reconecteze firma din 'e-Factura (SPV)'.";
/** Recorded as the connection's `problem` when ANAF refuses its refresh token. */
export const REFRESH_REFUSED_PROBLEM = "Autorizarea ANAF a expirat sau a fost retrasă. Reconectați firma.";

/** An access token ending sooner than this is refreshed before it is used. */
export const REFRESH_MARGIN_MS = 24 * 60 * 60 * 1000;
/** A hold older than this is a process that died mid-refresh: it may be taken over. */
export const REFRESH_HOLD_MS = 2 * 60 * 1000;

/** What the e-Factura code needs of the app (a FastifyInstance is one); a task gets it too. */
export interface EfacturaContext {
  db: Kysely<Database>;
  config: Pick<Config, "efactura">;
  efacturaUrls(): EfacturaUrls | undefined;
  now(): number;
  log?: FastifyBaseLogger;
}

export interface EfacturaAccess {
  cif: string;
  accessToken: string;
}

/** The OAuth client's settings from the operator's registration; undefined when none (or the emulator is not listening). */
export function oauthSettings(context: EfacturaContext): OauthSettings | undefined {
  const { clientId, clientSecret, timeoutMs } = context.config.efactura;
  const baseUrl = context.efacturaUrls()?.oauth;
  if (!clientId || !clientSecret || !baseUrl) return undefined;
  return { baseUrl, clientId, clientSecret, timeoutMs, now: () => context.now() };
}

export async function efacturaAccess(context: EfacturaContext, tenantId: number): Promise<EfacturaAccess> {
  let row = await readAccessRow(context.db, tenantId);
  if (!row) throw new EfacturaNotConnected(NOT_CONNECTED_MESSAGE);
  if (Date.parse(row.accessExpiresAt) - context.now() < REFRESH_MARGIN_MS) {
    const outcome = await refreshConnection(context, tenantId, REFRESH_MARGIN_MS);
    row = await readAccessRow(context.db, tenantId);
    if (!row) throw new EfacturaNotConnected(NOT_CONNECTED_MESSAGE);
    if (outcome === "refused") throw new EfacturaNotConnected(REFRESH_REFUSED_PROBLEM);
  }
  if (Date.parse(row.accessExpiresAt) <= context.now()) throw new EfacturaNotConnected(row.problem ?? EXPIRED_MESSAGE);
  return { cif: row.cif, accessToken: decryptToken(context.config.efactura.tokenKey, tenantId, row.accessToken) };
}

function readAccessRow(db: Kysely<Database>, tenantId: number) {
  return db
    .selectFrom("efactura_connections")
    .select(["cif", "accessToken", "accessExpiresAt", "problem"])
    .where("tenantId", "=", tenantId)
    .executeTakeFirst();
}

/**
 * - refreshed: this call refreshed the tokens;
 * - notDue: the access token does not end within the margin (or the tenant is not connected);
 * - busy: another process holds the row (it is refreshing them now);
 * - refused: ANAF refused the refresh token (recorded as the connection's problem);
 * - failed: ANAF could not be asked (time-out, network, 5xx); the tokens are unchanged.
 */
export type RefreshOutcome = "refreshed" | "notDue" | "busy" | "refused" | "failed";

/** Refreshes the tenant's tokens when its access token ends within `withinMs`, holding the row meanwhile. */
export async function refreshConnection(context: EfacturaContext, tenantId: number, withinMs: number): Promise<RefreshOutcome> {
  const { db } = context;
  const now = context.now();
  const hold = timestamp(now);
  // Compare-and-set: the one process whose update changed the row holds it.
  const claimed = await db
    .updateTable("efactura_connections")
    .set({ refreshStartedAt: hold })
    .where("tenantId", "=", tenantId)
    .where("accessExpiresAt", "<", timestamp(now + withinMs))
    .where((eb) => eb.or([eb("refreshStartedAt", "is", null), eb("refreshStartedAt", "<", timestamp(now - REFRESH_HOLD_MS))]))
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows) !== 1) {
    const row = await db.selectFrom("efactura_connections").select(["accessExpiresAt"]).where("tenantId", "=", tenantId).executeTakeFirst();
    return row && Date.parse(row.accessExpiresAt) < now + withinMs ? "busy" : "notDue";
  }
  const heldRow = () => db.updateTable("efactura_connections").where("tenantId", "=", tenantId).where("refreshStartedAt", "=", hold);
  const release = (problem?: string) =>
    heldRow()
      .set({ refreshStartedAt: null, ...(problem ? { problem, updatedAt: timestamp(context.now()) } : {}) })
      .execute();
  try {
    const settings = oauthSettings(context);
    if (!settings) {
      await release();
      return "failed";
    }
    const row = await db.selectFrom("efactura_connections").select(["refreshToken"]).where("tenantId", "=", tenantId).executeTakeFirstOrThrow();
    const key = context.config.efactura.tokenKey;
    const pair = await refreshTokens(settings, decryptToken(key, tenantId, row.refreshToken));
    const at = timestamp(context.now());
    await heldRow()
      .set({
        accessToken: encryptToken(key, tenantId, pair.accessToken),
        refreshToken: encryptToken(key, tenantId, pair.refreshToken),
        accessExpiresAt: pair.accessExpiresAt,
        refreshExpiresAt: pair.refreshExpiresAt,
        refreshedAt: at,
        refreshStartedAt: null,
        problem: null,
        updatedAt: at,
      })
      .execute();
    return "refreshed";
  } catch (error) {
    if (error instanceof OauthFailure && error.refused) {
      context.log?.warn({ tenantId, status: error.status }, "ANAF refused the e-Factura refresh token");
      await release(REFRESH_REFUSED_PROBLEM);
      return "refused";
    }
    context.log?.warn({ tenantId, err: error instanceof OauthFailure ? error.message : error }, "the e-Factura tokens could not be refreshed");
    await release();
    if (error instanceof OauthFailure) return "failed";
    throw error;
  }
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
