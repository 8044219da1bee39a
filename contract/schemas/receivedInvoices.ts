/** Shape of one row of 'Facturi primite' (GET /api/efactura/received, TypeBox): contract/efactura.ts ReceivedInvoice. */
import { Type } from "typebox";
import { Nullable } from "./answers";

export const ReceivedInvoiceSchema = Type.Object({
  id: Type.Integer(),
  messageId: Type.String({ description: "ANAF's download id" }),
  supplierName: Nullable(Type.String()),
  supplierCif: Nullable(Type.String()),
  number: Nullable(Type.String({ description: "the invoice's number as the supplier wrote it (cbc:ID)" })),
  issueDate: Nullable(Type.String()),
  dueDate: Nullable(Type.String()),
  total: Nullable(Type.Number()),
  currency: Nullable(Type.String()),
  receivedAt: Type.String({ description: "when SPV received it (ISO)" }),
  archived: Type.Boolean({ description: "whether its signed ZIP is kept" }),
});
