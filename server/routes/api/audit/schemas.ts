/** Shapes of /api/audit, written with TypeBox (plain JSON Schema). */
import { Type } from "typebox";
import { AUDIT_ACTIONS } from "../../../../contract/auditActions";
import { Timestamp } from "../../answers";

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
  action: Type.Unsafe<(typeof AUDIT_ACTIONS)[number]>({ type: "string", enum: [...AUDIT_ACTIONS] }),
  target: nullable(Type.String()),
  targetLabel: nullable(Type.String()),
  result: nullable(Type.String()),
  clientAddress: Type.String(),
});

/** A day, yyyy-MM-dd: the period's first (`from`) or last (`to`) day, in Romania's time. */
export const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "yyyy-MM-dd, a day in Romania's time" });

export const actionFilter = { type: "string", enum: AUDIT_ACTIONS } as const;
export const userEmailFilter = { type: "string", maxLength: 254 } as const;
export const tenantFilter = { type: "integer", minimum: 1, maximum: 2_147_483_647 } as const;
