/**
 * Shapes of a customer's statement ('Fișa client', server/routes/api/customers/statementRoutes.ts):
 * the period asked for, the statement per currency, and the e-mail it is sent with. A period's
 * dates are checked by the route (a real day, in order, not too long), each refusal in Romanian.
 */
import { Type } from "typebox";
import { Nullable } from "./answers";

const strict = { additionalProperties: false } as const;

/** GET /statement[/pdf|/xlsx]: the period; this year's 1 January to today (Romania's) when absent. */
export const StatementQuery = Type.Object(
  {
    dateFrom: Type.Optional(Type.String({ maxLength: 10, description: "yyyy-mm-dd, the period's first day" })),
    dateTo: Type.Optional(Type.String({ maxLength: 10, description: "yyyy-mm-dd, the period's last day" })),
  },
  strict,
);

/** What a line of the statement is: an invoice (debit), its storno, a payment, or what SmartBill counts as paid beyond ours. */
export const STATEMENT_ENTRY_KINDS = ["invoice", "storno", "payment", "smartbill"] as const;

export const StatementEntrySchema = Type.Object({
  date: Type.String({ description: "yyyy-mm-dd" }),
  kind: Type.Enum(STATEMENT_ENTRY_KINDS),
  document: Type.String({ description: "'SBL 0012'; a payment's receipt 'CH 0003'" }),
  description: Type.String(),
  debit: Type.Number(),
  credit: Type.Number(),
  balance: Type.Number({ description: "the running balance after this line" }),
  invoiceId: Nullable(Type.Integer()),
});

export const StatementCurrencySchema = Type.Object({
  currency: Type.String(),
  opening: Type.Number({ description: "invoiced − received before dateFrom" }),
  entries: Type.Array(StatementEntrySchema),
  debit: Type.Number({ description: "the period's debits" }),
  credit: Type.Number({ description: "the period's credits" }),
  closing: Type.Number({ description: "opening + debit − credit" }),
});

export const StatementAnswer = Type.Object({
  customer: Type.Object({ id: Type.Integer(), clientName: Type.String(), cif: Type.String(), email: Type.String() }),
  dateFrom: Type.String({ description: "yyyy-mm-dd" }),
  dateTo: Type.String({ description: "yyyy-mm-dd" }),
  currencies: Type.Array(StatementCurrencySchema, { description: "RON first, then alphabetical; never added together" }),
});

/** POST /statement/email: the statement of the period, as a PDF, to this address. */
export const StatementEmailBody = Type.Object(
  {
    to: Type.String({ maxLength: 254 }),
    dateFrom: Type.Optional(Type.String({ maxLength: 10, description: "yyyy-mm-dd" })),
    dateTo: Type.Optional(Type.String({ maxLength: 10, description: "yyyy-mm-dd" })),
  },
  strict,
);
