/**
 * Shapes of the payment and storno routes of a sent invoice (server/routes/api/invoices/
 * paymentRoutes.ts, reverseRoute.ts): requests and answers (TypeBox); contract/api.ts derives
 * their types. The bodies are strict in shape; what JSON Schema says poorly (a uuid, a real date,
 * two decimals, a type from the list, INVOICE_PAYMENT_TYPES) is checked by the routes, each with
 * its own Romanian sentence and field.
 */
import { Type } from "typebox";
import { Timestamp } from "./answers";
import { InvoiceSchema } from "./invoices";

const strict = { additionalProperties: false } as const;

/** POST /{id}/payments */
export const paymentBody = Type.Object(
  {
    requestId: Type.String({ maxLength: 100, description: "a UUID made when the dialog opens: the same payment asked again is made once" }),
    amount: Type.Number({ description: "positive, at most two decimals, in the invoice's currency" }),
    date: Type.String({ maxLength: 10, description: "yyyy-mm-dd" }),
    type: Type.String({ maxLength: 50, description: "one of GET /payment-types" }),
  },
  strict,
);

/** POST /{id}/reverse */
export const reverseBody = Type.Object(
  {
    requestId: Type.String({ maxLength: 100, description: "a UUID made when the dialog opens" }),
    issueDate: Type.Optional(Type.String({ maxLength: 10, description: "yyyy-mm-dd; default: today in SmartBill" })),
  },
  strict,
);

/** GET /{id}/payments: a payment recorded in SmartBill through us. */
export const InvoicePaymentSchema = Type.Object({
  id: Type.Integer(),
  amount: Type.Number(),
  date: Type.String({ description: "yyyy-mm-dd" }),
  type: Type.String(),
  createdAt: Timestamp,
  userEmail: Type.String({ description: "who recorded it" }),
  /** A cash payment's receipt ('Chitanțe'): its id there and its series and number; null for other payments. */
  receiptId: Type.Union([Type.Integer(), Type.Null()]),
  receiptName: Type.Union([Type.String(), Type.Null()]),
});

/** A payment, its deletion, a status read: what happened, and the invoice now (with its lines). */
export const PaymentActionAnswer = Type.Object({ message: Type.String(), invoice: InvoiceSchema });

/** POST /{id}/reverse: the original, now reversed, and its storno invoice. */
export const ReverseAnswer = Type.Object({ message: Type.String(), invoice: InvoiceSchema, storno: InvoiceSchema });
