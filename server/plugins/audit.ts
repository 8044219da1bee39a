/**
 * The audit log's one way in. Every state-changing route under /api and /dmz-api declares in its
 * config what it records (`config: { audit: "users.create" }`), or `audit: false` for a call that
 * changes nothing a person did (a check, a file made from what is sent); a route that declares
 * neither stops the app from starting, so no change is added without deciding.
 *
 * The route records with `request.audit(trx, { target, targetLabel, result })` inside the
 * transaction that makes the change: the row and the change are written together or not at all,
 * so a call refused, failed or rolled back leaves no row. Who (the signed-in user, or the account
 * a sign-in or a password link proved), which tenant (the request's, or the one the change
 * concerned) and from where (the client's address, behind TRUST_PROXY) come from the request.
 */
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Kysely } from "kysely";
import { type AuditAction, isAuditAction, type PlainAuditAction, plainAuditAction } from "../../contract/auditActions";
import { API, DMZ_API } from "../../contract/paths";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";

export interface AuditRecord {
  /** The record changed (its key). */
  target?: string | number | null;
  /** The record as a person reads it: a name, an e-mail, an invoice's series and number. */
  targetLabel?: string | null;
  /** What came out, when the answer says more than "done" (e.g. "25 facturi", "FCT 0042"). */
  result?: string | null;
  /** The tenant whose data changed, when it is not the request's (a super-admin's change of a user). */
  tenantId?: number | null;
  /** Who, when the request is not signed in (a sign-in, a password link). */
  user?: { id: number | null; email: string };
}

declare module "fastify" {
  interface FastifyContextConfig {
    /** What a state-changing route records in the audit log; false: nothing (it changes nothing). */
    audit?: AuditAction | PlainAuditAction | false;
  }
  interface FastifyRequest {
    /** Writes this call's audit row with `db`, the transaction of the change. */
    audit(db: Kysely<Database>, record?: AuditRecord): Promise<void>;
  }
}

const READING = new Set(["GET", "HEAD", "OPTIONS"]);
const auditable = (url: string) => url.startsWith(`${API}/`) || url.startsWith(`${DMZ_API}/`);

export const auditPlugin = fp(
  async (app) => {
    app.addHook("onRoute", (route) => {
      const changing = [route.method].flat().some((method) => !READING.has(method));
      if (!changing || !auditable(route.url)) return;
      const action = route.config?.audit;
      if (action === false) return;
      if (action === undefined || !(isAuditAction(action) || plainAuditAction(action))) {
        throw new Error(`${[route.method].flat().join(",")} ${route.url}: name its audit action (config.audit), or false`);
      }
    });

    app.decorateRequest("audit", async function (this: FastifyRequest, db: Kysely<Database>, record: AuditRecord = {}) {
      const action = this.routeOptions.config.audit;
      if (!action) throw new Error(`${this.method} ${this.routeOptions.url} records no audit action`);
      const user = record.user ?? (this.user ? { id: this.user.id, email: this.user.email } : undefined);
      if (!user) throw new Error(`${action}: an audit row needs who`);
      const tenantId = record.tenantId !== undefined ? record.tenantId : this.tenantId || null;
      await db
        .insertInto("audit_log")
        .values({
          createdAt: timestamp(),
          tenantId,
          userId: user.id,
          userEmail: user.email,
          action,
          target: record.target === undefined || record.target === null ? null : String(record.target),
          targetLabel: record.targetLabel ?? null,
          result: record.result ?? null,
          clientAddress: this.ip,
        })
        .execute();
    });
  },
  { name: "audit" },
);

/**
 * `write` in a transaction that also records the call: `record` names what `write` changed, or
 * answers undefined when it changed nothing (no row then).
 */
export function audited<R>(
  request: FastifyRequest,
  db: Kysely<Database>,
  write: (trx: Kysely<Database>) => Promise<R>,
  record: (result: R) => AuditRecord | undefined,
): Promise<R> {
  return db.transaction().execute(async (trx) => {
    const result = await write(trx);
    const entry = record(result);
    if (entry) await request.audit(trx, entry);
    return result;
  });
}
