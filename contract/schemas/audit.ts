/** The audit log's row as /api/audit answers it, written with TypeBox (plain JSON Schema). */
import { Type } from "typebox";
import { Timestamp } from "./answers";

const nullable = <T extends ReturnType<typeof Type.String> | ReturnType<typeof Type.Integer>>(schema: T) =>
  Type.Union([schema, Type.Null()]);

/** One row of the audit log, as the list and the export give it. */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer(),
  createdAt: Timestamp,
  tenantId: nullable(Type.Integer()),
  /** The tenant's name now; null when the tenant was deleted since (its id stays). */
  tenantName: nullable(Type.String()),
  userId: nullable(Type.Integer()),
  userEmail: Type.String(),
  /** contract/auditActions.ts, or a plain resource's `<resource>.create|update|delete`. */
  action: Type.String(),
  target: nullable(Type.String()),
  targetLabel: nullable(Type.String()),
  result: nullable(Type.String()),
  clientAddress: Type.String(),
});
