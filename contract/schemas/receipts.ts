/**
 * Shapes of the receipts' routes (server/routes/api/receipts/): requests and answers (TypeBox);
 * contract/api.ts derives their types. The body is strict in shape; what JSON Schema says poorly
 * (a uuid, a real date, two decimals, a Bon in lei) is checked by the route, each problem with its
 * Romanian sentence under its field.
 */
import { Type } from "typebox";
import { Nullable, Timestamp } from "./answers";

const strict = { additionalProperties: false } as const;

/** SmartBill's two receipts: a cash receipt, and a fiscal receipt (printed on a cash register). */
export const RECEIPT_KINDS = ["Chitanta", "Bon"] as const;
export const RECEIPT_STATUSES = ["pending", "unclear", "issued", "deleted"] as const;

/** One line of a fiscal receipt. */
export const receiptLineBody = Type.Object(
  {
    name: Type.String({ maxLength: 255 }),
    quantity: Type.Number(),
    price: Type.Number({ description: "with VAT, in lei" }),
    taxName: Type.String({ maxLength: 50 }),
    taxPercentage: Type.Number(),
  },
  strict,
);

/** POST /api/smartbill/receipt */
export const receiptBody = Type.Object(
  {
    requestId: Type.String({ maxLength: 100, description: "a UUID made when the form opens: the same receipt asked again is issued once" }),
    kind: Type.String({ maxLength: 20, description: "Chitanta or Bon" }),
    clientId: Type.Integer({ minimum: 1, maximum: 2_147_483_647, description: "from the customer list" }),
    amount: Type.Optional(Type.Number({ description: "a Chitanta's amount; a Bon's is its lines' total" })),
    currency: Type.String({ maxLength: 3 }),
    date: Type.String({ maxLength: 10, description: "yyyy-mm-dd" }),
    text: Type.Optional(Type.String({ maxLength: 500, description: "'Reprezentând'" })),
    seriesName: Type.Optional(Type.String({ maxLength: 20, description: "a Chitanta's series: one of GET /series" })),
    lines: Type.Optional(Type.Array(receiptLineBody, { maxItems: 70, description: "a Bon's lines (SmartBill: at most 70)" })),
  },
  strict,
);

export const ReceiptSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union(RECEIPT_KINDS.map((kind) => Type.Literal(kind))),
  status: Type.Union(RECEIPT_STATUSES.map((status) => Type.Literal(status))),
  clientId: Nullable(Type.Integer()),
  clientName: Type.String(),
  clientCif: Type.String(),
  amount: Type.Number(),
  currency: Type.String(),
  date: Type.String({ description: "yyyy-mm-dd" }),
  text: Type.String(),
  seriesName: Type.String(),
  number: Nullable(Type.String()),
  smartBillId: Nullable(Type.String()),
  message: Nullable(Type.String()),
  invoiceId: Nullable(Type.Integer()),
  invoiceSeries: Nullable(Type.String()),
  invoiceNumber: Nullable(Type.String()),
  userEmail: Type.String(),
  createdAt: Timestamp,
});

/** GET /series: the company's receipt series (`c`), for the form. */
export const ReceiptSeriesAnswer = Type.Object({ series: Type.Array(Type.Object({ name: Type.String(), nextNumber: Type.Integer() })) });

/** GET /{id}/text: a fiscal receipt's text for the cash register, decoded. */
export const ReceiptTextAnswer = Type.Object({ text: Type.String() });

/** DELETE /{id}: what SmartBill said, and the receipt now. */
export const ReceiptDeleteAnswer = Type.Object({ message: Type.String(), receipt: ReceiptSchema });
