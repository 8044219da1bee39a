/**
 * Logins and their refresh tokens. A session is one login; each refresh exchanges the presented
 * token for a new one (rotation). A token presented a second time means it was copied, so the
 * whole session is revoked: the thief's and the owner's tokens, refresh and access alike, stop
 * working and the owner signs in again. Logout ends the session the same way.
 *
 * One exception keeps a reload from signing the user out: a page that reloads while its refresh
 * is on the way never receives the answer, and would present the old token again. A client that
 * names its exchange (`attempt`) gets a successor derived from the old token and that name; the
 * same token with the same name, while that successor is still unused, is answered with the same
 * successor again. Any other second presentation is a reuse, as before.
 *
 * Nor does a retry sign the user out: a request that overlaps an exchange of the same token (a
 * load balancer's 502 retried while the first is still running) gets that exchange's answer.
 * Within a process, the refresh route lets overlapping requests share one exchange. Across
 * processes (a fleet on PostgreSQL), the one that loses the race for the token's row was there
 * before the exchange completed, so it answers the same successor: every successor is derived
 * from the old token and a key only the server holds (or the client's name for the exchange), so
 * the loser can name it without the winner. Only a token presented after its exchange completed
 * is a reuse.
 */
import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "../db/database";
import { timestamp, timestampIn } from "../db/timestamps";
import { derivedOpaqueToken, hashOpaqueToken, newOpaqueToken } from "./opaqueTokens";

export interface IssuedSession {
  sessionId: string;
  refreshToken: string;
}

/** A new session and its first refresh token; in the caller's transaction when given one. */
export async function startSession(
  db: Kysely<Database>,
  userId: number,
  refreshTtlSeconds: number,
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const start = async (trx: Kysely<Database>) => {
    await trx
      .insertInto("sessions")
      .values({ id: sessionId, userId, createdAt: timestamp(), revokedAt: null })
      .execute();
    const refreshToken = await addRefreshToken(trx, sessionId, refreshTtlSeconds);
    return { sessionId, refreshToken };
  };
  return db.isTransaction ? start(db) : db.transaction().execute(start);
}

export type RotationResult =
  | { ok: true; userId: number; sessionId: string; refreshToken: string }
  | { ok: false; reason: "unknown" | "expired" | "revoked" | "reused" };

export interface Rotation {
  refreshTtlSeconds: number;
  /** The server's key that an unnamed exchange's successor is derived with (never sent to clients). */
  successorKey: Uint8Array;
  /** The client's name for this exchange, when it gave one. */
  attempt?: string;
}

/** Exchanges a refresh token for a new one in the same session, or says why it cannot. */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  presented: string,
  { refreshTtlSeconds, successorKey, attempt }: Rotation,
): Promise<RotationResult> {
  const tokenHash = hashOpaqueToken(presented);
  const successor =
    attempt === undefined
      ? derivedOpaqueToken(successorKey, `refresh successor of ${presented}`)
      : derivedOpaqueToken(presented, attempt);
  const unusedSuccessor = async (trx: Kysely<Database>, sessionId: string) =>
    !!(await trx
      .selectFrom("refresh_tokens")
      .select("tokenHash")
      .where("tokenHash", "=", hashOpaqueToken(successor))
      .where("sessionId", "=", sessionId)
      .where("usedAt", "is", null)
      .where("expiresAt", ">", timestamp())
      .executeTakeFirst());
  return db.transaction().execute(async (trx): Promise<RotationResult> => {
    const row = await trx
      .selectFrom("refresh_tokens")
      .innerJoin("sessions", "sessions.id", "refresh_tokens.sessionId")
      .select([
        "refresh_tokens.sessionId",
        "refresh_tokens.expiresAt",
        "refresh_tokens.usedAt",
        "sessions.userId",
        "sessions.revokedAt",
      ])
      .where("refresh_tokens.tokenHash", "=", tokenHash)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "unknown" };
    if (row.revokedAt) return { ok: false, reason: "revoked" };
    const now = timestamp();
    if (row.usedAt) {
      // The same named exchange asked again (its answer was lost): the same successor, if unused.
      if (attempt !== undefined && (await unusedSuccessor(trx, row.sessionId))) {
        return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken: successor };
      }
      await revokeSession(trx, row.sessionId);
      return { ok: false, reason: "reused" };
    }
    if (row.expiresAt <= now) return { ok: false, reason: "expired" };

    // The condition on usedAt makes two concurrent refreshes with the same token (in two
    // processes) race for this row: exactly one wins. The loser read the row unused, so it came
    // before the winner completed: it waited for the winner's commit and answers its successor.
    const marked = await trx
      .updateTable("refresh_tokens")
      .set({ usedAt: now })
      .where("tokenHash", "=", tokenHash)
      .where("usedAt", "is", null)
      .executeTakeFirst();
    if (marked.numUpdatedRows === 0n) {
      if (await unusedSuccessor(trx, row.sessionId)) {
        return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken: successor };
      }
      await revokeSession(trx, row.sessionId);
      return { ok: false, reason: "reused" };
    }

    const refreshToken = await addRefreshToken(trx, row.sessionId, refreshTtlSeconds, successor);
    return { ok: true, userId: row.userId, sessionId: row.sessionId, refreshToken };
  });
}

export async function isSessionActive(db: Kysely<Database>, sessionId: string): Promise<boolean> {
  const row = await db
    .selectFrom("sessions")
    .select("revokedAt")
    .where("id", "=", sessionId)
    .executeTakeFirst();
  return !!row && row.revokedAt === null;
}

export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db
    .updateTable("sessions")
    .set({ revokedAt: timestamp() })
    .where("id", "=", sessionId)
    .where("revokedAt", "is", null)
    .execute();
}

/**
 * Logout: ends the session the refresh token belongs to, whatever the token's state (current,
 * already exchanged or expired), so its refresh and access tokens stop working. A token of no
 * session changes nothing. One statement, the same on both dialects.
 */
/** Ends the session of a refresh token; answers whose it was, or undefined when none was live. */
export async function revokeSessionOfRefreshToken(db: Kysely<Database>, presented: string): Promise<number | undefined> {
  const ended = await db
    .updateTable("sessions")
    .set({ revokedAt: timestamp() })
    .where("revokedAt", "is", null)
    .where("id", "in", (eb) =>
      eb
        .selectFrom("refresh_tokens")
        .select("refresh_tokens.sessionId")
        .where("refresh_tokens.tokenHash", "=", hashOpaqueToken(presented)),
    )
    .returning("userId")
    .executeTakeFirst();
  return ended?.userId;
}

/** Ends every login of a user (password set or reset), or every one but `keep` (password change). */
export async function revokeUserSessions(
  db: Kysely<Database>,
  userId: number,
  keep?: string,
): Promise<void> {
  let query = db
    .updateTable("sessions")
    .set({ revokedAt: timestamp() })
    .where("userId", "=", userId)
    .where("revokedAt", "is", null);
  if (keep) query = query.where("id", "!=", keep);
  await query.execute();
}

async function addRefreshToken(
  db: Kysely<Database>,
  sessionId: string,
  ttlSeconds: number,
  token = newOpaqueToken(),
): Promise<string> {
  await db
    .insertInto("refresh_tokens")
    .values({
      tokenHash: hashOpaqueToken(token),
      sessionId,
      createdAt: timestamp(),
      expiresAt: timestampIn(ttlSeconds),
      usedAt: null,
    })
    .execute();
  return token;
}
