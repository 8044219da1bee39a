/** Reading the audit log: the list and the export, scoped to a tenant or the super-admin's all. */
import type { Kysely } from "kysely";
import type { AuditEntry, ListParams, Page } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { timestamp } from "../../../db/timestamps";
import { fromBucharestWallClock } from "../../../smartbill/bucharestTime";
import { type ListSpec, listSelectQuery, runList } from "../listQuery";
import { actionFilter, tenantFilter, userEmailFilter } from "./schemas";

/** Whose rows a caller reads: a tenant's, or (the super-admin) every tenant's. */
export type AuditScope = { tenantId: number } | "all";

export const auditList = {
  sortable: {
    id: "audit_log.id",
    createdAt: "audit_log.createdAt",
    userEmail: "audit_log.userEmail",
    action: "audit_log.action",
    tenantId: "audit_log.tenantId",
  },
  searchable: ["audit_log.userEmail", "audit_log.targetLabel", "audit_log.target", "audit_log.result"],
  // Newest first: the log is read from what just happened.
  defaultOrder: [{ column: "audit_log.createdAt", direction: "desc" }, { column: "audit_log.id", direction: "desc" }],
  filters: {
    action: { column: "audit_log.action", schema: actionFilter },
    userEmail: { column: "audit_log.userEmail", schema: userEmailFilter, match: "contains" },
    tenantId: { column: "audit_log.tenantId", schema: tenantFilter },
  },
  maxUnpaged: 1000,
} satisfies ListSpec;

/** The period asked for: whole days in Romania's time, both ends included. */
export interface AuditPeriod {
  from?: string;
  to?: string;
}

const COLUMNS = [
  "audit_log.id",
  "audit_log.createdAt",
  "audit_log.tenantId",
  "tenants.name as tenantName",
  "audit_log.userId",
  "audit_log.userEmail",
  "audit_log.action",
  "audit_log.target",
  "audit_log.targetLabel",
  "audit_log.result",
  "audit_log.clientAddress",
] as const;

/** The first instant of a Romanian day (yyyy-MM-dd), `days` later, as stored; undefined if no such day. */
function dayStart(day: string, days = 0): string | undefined {
  const [year, month, date] = day.split("-").map(Number);
  const at = fromBucharestWallClock({ year, month, day: date + days, hour: 0, minute: 0, second: 0 });
  const check = new Date(Date.UTC(year, month - 1, date));
  if (at === undefined || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== date) return undefined;
  return timestamp(at);
}

/** Why a period cannot be read, for a 400; undefined when it can. */
export function periodProblem({ from, to }: AuditPeriod): "day" | "order" | undefined {
  if ((from && !dayStart(from)) || (to && !dayStart(to))) return "day";
  if (from && to && from > to) return "order";
  return undefined;
}

function rowsIn(db: Kysely<Database>, scope: AuditScope, { from, to }: AuditPeriod) {
  let query = db.selectFrom("audit_log").leftJoin("tenants", "tenants.id", "audit_log.tenantId");
  if (scope !== "all") query = query.where("audit_log.tenantId", "=", scope.tenantId);
  if (from) query = query.where("audit_log.createdAt", ">=", dayStart(from)!);
  if (to) query = query.where("audit_log.createdAt", "<", dayStart(to, 1)!);
  return query;
}

export function listAudit(
  db: Kysely<Database>,
  scope: AuditScope,
  period: AuditPeriod,
  params: ListParams,
): Promise<AuditEntry[] | Page<AuditEntry>> {
  return runList(rowsIn(db, scope, period), params, auditList, (query) => query.select(COLUMNS), (rows) => rows as AuditEntry[]);
}

/** Every row the list's parameters select (no paging), read in slices for an export. */
export async function exportAudit(
  db: Kysely<Database>,
  scope: AuditScope,
  period: AuditPeriod,
  params: ListParams,
  sliceSize = 5000,
): Promise<AsyncGenerator<AuditEntry>> {
  const query = await listSelectQuery(
    rowsIn(db, scope, period),
    { ...params, page: undefined, size: undefined },
    auditList,
    (q) => q.select(COLUMNS),
  );
  return (async function* () {
    for (let offset = 0; ; offset += sliceSize) {
      const rows = (await query.limit(sliceSize).offset(offset).execute()) as AuditEntry[];
      yield* rows;
      if (rows.length < sliceSize) return;
    }
  })();
}
