/**
 * An invoice record's `efactura` (contract/efactura.ts InvoiceEfactura): SPV's status as the
 * e-Factura sync recorded it, the message that set it (when, and whether its signed ZIP is
 * archived), and — for an issued invoice SPV has no message about yet, of a connected tenant,
 * within SPV's 60 days — its deadline and the working days left, as of Romania's `today`.
 * The same rule as the list's `?efactura=due` (efacturaDue.ts). A proforma has none (null).
 */
import { type ExpressionBuilder, sql } from "kysely";
import { type EfacturaStatus, type InvoiceEfactura, efacturaDeadline, efacturaWorkingDaysLeft } from "../../../../contract/efactura";
import type { DocumentType } from "../../../../contract/documentKinds";
import type { InvoiceStatus } from "../../../../contract/api";
import type { Database } from "../../../db/database";
import { efacturaConnected, efacturaWindowStart } from "./efacturaDue";

/** What the mapping reads of a row. */
export interface EfacturaRow {
  documentType: DocumentType;
  status: InvoiceStatus;
  draft: number;
  sentNumber: string | null;
  cancelledAt: string | null;
  deletedAt: string | null;
  issueDate: string;
  efacturaStatus: EfacturaStatus | null;
  efacturaError: string | null;
  efacturaMessageAt: string | null;
  /** 0/1 (SQLite) or a boolean (PostgreSQL). */
  efacturaArchived: number | boolean | null;
  efacturaConnected: number | boolean | null;
}

/** The columns a record's `efactura` needs beyond the invoice's own (the matched message is `efacturaMessageId`, an efactura_messages id). */
export const EFACTURA_COLUMNS = ["invoices.efacturaStatus", "invoices.efacturaError"] as const;

const message = (eb: ExpressionBuilder<Database, "invoices">) =>
  eb
    .selectFrom("efactura_messages as m")
    .whereRef("m.id", "=", "invoices.efacturaMessageId")
    .whereRef("m.tenantId", "=", "invoices.tenantId");

export const efacturaMessageAt = (eb: ExpressionBuilder<Database, "invoices">) => message(eb).select("m.createdAt").as("efacturaMessageAt");

// The archive itself (a blob) is never read here: only whether there is one.
export const efacturaArchived = (eb: ExpressionBuilder<Database, "invoices">) =>
  message(eb)
    .select(sql<number>`case when ${sql.ref("m.archive")} is not null or ${sql.ref("m.archivePath")} is not null then 1 else 0 end`.as("archived"))
    .as("efacturaArchived");

export const efacturaConnectedColumn = () => sql<number | boolean>`case when ${efacturaConnected()} then 1 else 0 end`.as("efacturaConnected");

const truthy = (value: number | boolean | null) => value === true || Number(value) === 1;

export function invoiceEfacturaOf(row: EfacturaRow, today: string): InvoiceEfactura | null {
  if (row.documentType !== "invoice") return null;
  const issued =
    row.status === "sent" && row.draft === 0 && row.sentNumber !== null && row.sentNumber !== "" && row.cancelledAt === null && row.deletedAt === null;
  const flagged =
    issued && row.efacturaStatus === null && truthy(row.efacturaConnected) && row.issueDate >= efacturaWindowStart(today);
  return {
    status: row.efacturaStatus,
    error: row.efacturaError,
    messageAt: row.efacturaMessageAt,
    archived: truthy(row.efacturaArchived),
    deadline: flagged ? efacturaDeadline(row.issueDate) : null,
    workingDaysLeft: flagged ? efacturaWorkingDaysLeft(row.issueDate, today) : null,
  };
}
