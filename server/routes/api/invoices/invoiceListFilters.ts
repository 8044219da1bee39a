/**
 * The invoice list's filters over what is owed (the stored amounts, migration 0023), each the
 * exact rule a home figure counts, so a figure's link lists what it counts:
 *   ?sent=true                 counted as invoiced (countedAsInvoiced.ts)
 *   ?issueDateFrom=, ?issueDateTo=   the period of issue, both days included (yyyy-mm-dd)
 *   ?currency=RON
 *   ?paymentStatus=paid|partial|unpaid   from unpaid and sentTotal
 *   ?overdue=true              something owed, due before today (Romania's date)
 *   ?unsent=true               refused by SmartBill, or its answer lost ('refused', 'unclear')
 *   ?notInvoiced=true          (proformas) issued and not become an invoice (notInvoiced.ts)
 *   ?efactura=sent|validated|rejected|none|due   SPV's status, none yet, or its deadline near (efacturaDue.ts)
 * "false" keeps the other rows. Anything else is refused by the schema, in Romanian.
 */
import { type Expression, type SqlBool, sql } from "kysely";
import type { ListFilter } from "../listQuery";
import { EFACTURA_FILTERS, type EfacturaFilter } from "../../../../contract/efactura";
import { countedAsInvoiced, owing } from "./countedAsInvoiced";
import { efacturaFilterIs } from "./efacturaDue";
import { notInvoicedProforma } from "./notInvoiced";

// A calendar day as yyyy-mm-dd: months 01–12 and days 01–31, so "2026-13-45" is refused, not an empty list.
const DAY = { type: "string", maxLength: 10, pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" } as const;
const YES_OR_NO = { type: "string", enum: ["true", "false"] } as const;
export const PAYMENT_STATUSES = ["paid", "partial", "unpaid"] as const;

const column = (name: string) => sql.ref(`invoices.${name}`);
const yesOrNo = (condition: Expression<SqlBool>) => (value: string | number) =>
  value === "true" ? condition : sql<SqlBool>`not (${condition})`;

/** Paid in full: an invoice that counts (not cancelled, deleted, reversed nor a storno) with nothing left to collect. */
const paidInFull = sql<SqlBool>`${countedAsInvoiced()} and ${column("reversedById")} is null and ${column("reversalOfId")} is null
  and ${column("unpaid")} = ${sql.lit(0)}`;

function paymentStatusIs(value: string | number): Expression<SqlBool> {
  if (value === "paid") return paidInFull;
  // Something owed: nothing of it paid yet, or a part.
  const comparison = value === "partial" ? sql.raw("<") : sql.raw(">=");
  return sql<SqlBool>`${owing()} and ${column("unpaid")} ${comparison} ${column("sentTotal")}`;
}

/** The filters; `today` is Romania's date, for `overdue` and e-Factura's `due`. */
export const invoiceListFilters = (today: string) =>
  ({
    sent: { column: "invoices.status", schema: YES_OR_NO, where: yesOrNo(countedAsInvoiced()) },
    issueDateFrom: { column: "invoices.issueDate", schema: DAY, where: (value) => sql<SqlBool>`${column("issueDate")} >= ${String(value)}` },
    issueDateTo: { column: "invoices.issueDate", schema: DAY, where: (value) => sql<SqlBool>`${column("issueDate")} <= ${String(value)}` },
    currency: { column: "invoices.currency", schema: { type: "string", maxLength: 3, pattern: "^[A-Z]{3}$" } },
    paymentStatus: { column: "invoices.unpaid", schema: { type: "string", enum: PAYMENT_STATUSES }, where: paymentStatusIs },
    overdue: { column: "invoices.dueDate", schema: YES_OR_NO, where: yesOrNo(sql<SqlBool>`${owing()} and coalesce(${column("dueDate")}, ${today}) < ${today}`) },
    unsent: { column: "invoices.status", schema: YES_OR_NO, where: yesOrNo(sql<SqlBool>`${column("status")} in (${sql.lit("refused")}, ${sql.lit("unclear")})`) },
    notInvoiced: { column: "invoices.id", schema: YES_OR_NO, where: yesOrNo(notInvoicedProforma()) },
    efactura: { column: "invoices.efacturaStatus", schema: { type: "string", enum: EFACTURA_FILTERS }, where: (value) => efacturaFilterIs(today, value as EfacturaFilter) },
  }) as const satisfies Record<string, ListFilter>;
