/**
 * The payment routes' path parameters and the payment types they take; their bodies and answers
 * are contract/schemas/invoicePayments.ts.
 */
import { Type } from "typebox";
import { IdSchema } from "../../../../contract/schemas/ids";
import type { PaymentType } from "../../../smartbill/types";

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

export const paymentParams = Type.Object({ id: IdSchema, paymentId: IdSchema });
