/** The answer of GET /api/home (TypeBox), the shape of contract/home.ts HomeFigures. */
import { Type } from "typebox";
import { Nullable } from "./answers";

const bucket = Type.Object({ amount: Type.Number(), count: Type.Integer() });

const CurrencyFiguresSchema = Type.Object({
  currency: Type.String(),
  invoicedThisMonth: Type.Number(),
  invoicedLastMonth: Type.Number(),
  invoicedSameMonthLastYear: Type.Number(),
  receivedThisMonth: Type.Number(),
  unpaid: Type.Number(),
  unpaidCount: Type.Integer(),
  overdue: Type.Number({ description: "unpaid on invoices whose due date is before today (Romania's date)" }),
  overdueCount: Type.Integer(),
  buckets: Type.Object({ current: bucket, "1-30": bucket, "31-60": bucket, "61-90": bucket, "90+": bucket }),
  months: Type.Array(Type.Object({ month: Type.String({ description: "yyyy-mm" }), invoiced: Type.Number(), received: Type.Number() }), {
    description: "the last 12 months, oldest first, this month last",
  }),
  topDebtors: Type.Array(
    Type.Object({ clientId: Nullable(Type.Integer()), clientName: Type.String(), unpaid: Type.Number(), overdue: Type.Number(), count: Type.Integer() }),
    { description: "at most 10, most unpaid first" },
  ),
});

export const HomeFiguresSchema = Type.Object({
  today: Type.String({ description: "Romania's date, yyyy-mm-dd" }),
  currencies: Type.Array(CurrencyFiguresSchema, { description: "RON first, then alphabetical; never added together" }),
  proformasNotInvoiced: Type.Object({ count: Type.Integer() }),
  unsentInvoices: Type.Object({ count: Type.Integer({ description: "invoices refused by SmartBill or whose answer was lost" }) }),
  efactura: Type.Optional(
    Type.Object(
      {
        due: Type.Integer({ description: "issued invoices with no SPV message whose e-Factura deadline is near or passed (?efactura=due)" }),
        rejected: Type.Integer({ description: "invoices ANAF rejected (?efactura=rejected)" }),
      },
      { description: "only when the tenant is connected to ANAF's SPV" },
    ),
  ),
});
