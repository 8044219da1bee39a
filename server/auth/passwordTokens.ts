/**
 * Set-password and reset-password links. A link carries the email and a random token; only the
 * token's hash is stored, it works once, for its own kind and email, within 24 hours. Used by
 * POST /dmz-api/recover (reset links) and by POST /api/user/generate-set-url.
 */
import type { Kysely } from "kysely";
import { RESET_PASSWORD_PAGE, SET_PASSWORD_PAGE } from "../../contract/paths";
import type { Database, PasswordTokenKind } from "../db/database";
import { timestamp, timestampIn } from "../db/timestamps";
import { hashOpaqueToken, newOpaqueToken } from "./opaqueTokens";

export const PASSWORD_TOKEN_TTL_SECONDS = 24 * 3600;

/** Creates a token for the user and returns it in clear, to be put in a link and never stored. */
export async function createPasswordToken(
  db: Kysely<Database>,
  userId: number,
  kind: PasswordTokenKind,
): Promise<string> {
  const token = newOpaqueToken();
  await db
    .insertInto("password_tokens")
    .values({
      tokenHash: hashOpaqueToken(token),
      userId,
      kind,
      createdAt: timestamp(),
      expiresAt: timestampIn(PASSWORD_TOKEN_TTL_SECONDS),
      usedAt: null,
    })
    .execute();
  return token;
}

/**
 * The link to the client's set/reset screen. `origin` is the app's public origin
 * (e.g. https://app.example.ro), without a trailing slash.
 */
export function passwordLink(
  origin: string,
  kind: PasswordTokenKind,
  email: string,
  token: string,
): string {
  const page = kind === "set" ? SET_PASSWORD_PAGE : RESET_PASSWORD_PAGE;
  const query = new URLSearchParams({ email, token });
  return `${origin.replace(/\/+$/, "")}${page}?${query}`;
}

/** True when the token is unused, unexpired, of this kind and for this email. Changes nothing. */
export async function isPasswordTokenValid(
  db: Kysely<Database>,
  email: string,
  token: string,
  kind: PasswordTokenKind,
): Promise<boolean> {
  return (await findValidToken(db, email, hashOpaqueToken(token), kind)) !== undefined;
}

/**
 * Marks the token used if it is valid for this email and kind, and returns its user id;
 * undefined when it is unknown, used, expired, of the other kind or for another email. Call it
 * inside the transaction that changes the password, so a failure leaves the link usable.
 */
export async function consumePasswordToken(
  db: Kysely<Database>,
  email: string,
  token: string,
  kind: PasswordTokenKind,
): Promise<number | undefined> {
  const tokenHash = hashOpaqueToken(token);
  const userId = await findValidToken(db, email, tokenHash, kind);
  if (userId === undefined) return undefined;
  const marked = await db
    .updateTable("password_tokens")
    .set({ usedAt: timestamp() })
    .where("tokenHash", "=", tokenHash)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return marked.numUpdatedRows === 0n ? undefined : userId;
}

async function findValidToken(
  db: Kysely<Database>,
  email: string,
  tokenHash: string,
  kind: PasswordTokenKind,
): Promise<number | undefined> {
  const row = await db
    .selectFrom("password_tokens")
    .innerJoin("users", "users.id", "password_tokens.userId")
    .select("password_tokens.userId")
    .where("password_tokens.tokenHash", "=", tokenHash)
    .where("password_tokens.kind", "=", kind)
    .where("password_tokens.usedAt", "is", null)
    .where("password_tokens.expiresAt", ">", timestamp())
    .where("users.email", "=", email)
    .executeTakeFirst();
  return row?.userId;
}

/** Once a password is chosen, every other outstanding link of that user stops working. */
export async function invalidatePasswordTokens(db: Kysely<Database>, userId: number): Promise<void> {
  await db
    .updateTable("password_tokens")
    .set({ usedAt: timestamp() })
    .where("userId", "=", userId)
    .where("usedAt", "is", null)
    .execute();
}
