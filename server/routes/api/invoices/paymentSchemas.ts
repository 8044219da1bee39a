/**
 * Shapes of the payment and storno routes of a sent invoice (paymentRoutes.ts, reverseRoute.ts):
 * requests and answers (TypeBox); contract/api.ts derives their types. The bodies are strict in
 * shape; what JSON Schema says poorly (a uuid, a real date, two decimals, a type from the list) is
 * checked by the routes, each with its own Romanian sentence and field.
 */
import { Type } from "typebox";
import type { PaymentType } from "../../../smartbill/types";
import { Timestamp } from "../../answers";
import { IdSchema } from "../params";
import { InvoiceSchema } from "./schemas";

/**
 * SmartBill's payment types (§4.2) offered for an issued invoice, spelled as SmartBill spells them.
 * Not 'Bon': a fiscal receipt is printed by a cash register with its products, not recorded against
 * an invoice here.
 */
export const INVOICE_PAYMENT_TYPES = [
  "Ordin plata",
  "Card",
  "Card online",
  "Chitanta",
  "CEC",
  "Bilet ordin",
  "Mandat postal",
  "Extras de cont",
  "Ramburs",
  "Alta incasare",
] as const satisfies readonly PaymentType[];

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
});

/** A payment, its deletion, a status read: what happened, and the invoice now (with its lines). */
export const PaymentActionAnswer = Type.Object({ message: Type.String(), invoice: InvoiceSchema });

/** POST /{id}/reverse: the original, now reversed, and its storno invoice. */
export const ReverseAnswer = Type.Object({ message: Type.String(), invoice: InvoiceSchema, storno: InvoiceSchema });

export const paymentParams = Type.Object({ id: IdSchema, paymentId: IdSchema });
