/**
 * Logins and their refresh tokens. A session is one login; each refresh exchanges the presented
 * token for a new one (rotation). A token presented a second time means it was copied, so the
 * whole session is revoked: the thief's and the owner's tokens, refresh and access alike, stop
 * working and the owner signs in again. Logout ends the session the same way.
 *
 * Two exceptions keep an honest client signed in, both bounded by a short retry window
 * (REFRESH_RETRY_WINDOW_SECONDS, a minute by default) after the exchange:
 *
 * - A page that reloads while its refresh is on the way never receives the answer, and presents
 *   the old token again. A client that names its exchanges (`attempt`) gets, within the window and
 *   while the successor is still unused, that same successor again.
 * - Tabs refreshing one stored session at once (where the browser has no locks to queue them)
 *   each name their own exchange. The one that comes second, within the window, gets the
 *   successor the first one got rather than revoking it: the tabs share the stored session, so
 *   whichever answer is stored, the session goes on.
 *
 * So within the window a named exchange of a just-rotated token is answered with its successor
 * whatever its name. After the window it can no longer be a retry: it is a reuse, and revokes the
 * session. An unnamed exchange comes from a client that never asks twice, so any second one is a
 * reuse at once.
 *
 * Nor does a retry sign the user out: a request that overlaps an exchange of the same token (a
 * load balancer's 502 retried while the first is still running) gets that exchange's answer.
 * Within a process, the refresh route lets overlapping requests share one exchange. Across
 * processes (a fleet on PostgreSQL), the one that loses the race for the token's row was there
 * before the exchange completed, so it answers the same successor: every successor is derived
 * from the old token and a key only the server holds, so the loser can name it without the winner
 * and nothing but its hash is stored.
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
  /** The server's key that a token's successor is derived with (never sent to clients). */
  successorKey: Uint8Array;
  /** The client's name for this exchange, when it gave one: it may then be asked again. */
  attempt?: string;
  /** How long after an exchange a named exchange of the same token is answered again. */
  retryWindowSeconds: number;
}

/** Exchanges a refresh token for a new one in the same session, or says why it cannot. */
export async function rotateRefreshToken(
  db: Kysely<Database>,
  presented: string,
  { refreshTtlSeconds, successorKey, attempt, retryWindowSeconds }: Rotation,
): Promise<RotationResult> {
  const tokenHash = hashOpaqueToken(presented);
  // The same whatever the exchange's name, so tabs naming theirs differently share one successor.
  const successor = derivedOpaqueToken(successorKey, `refresh successor of ${presented}`);
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
      // A named exchange asked again while it can still be a retry (a lost answer, another tab):
      // the same successor, if unused. Later, or with the successor in use, it is a copy.
      const retrying = attempt !== undefined && row.usedAt > timestampIn(-retryWindowSeconds);
      if (retrying && (await unusedSuccessor(trx, row.sessionId))) {
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
