/** Shapes of /api/audit, written with TypeBox (plain JSON Schema). */
import { Type } from "typebox";
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
  /** contract/auditActions.ts, or a plain resource's `<resource>.create|update|delete`. */
  action: Type.String(),
  target: nullable(Type.String()),
  targetLabel: nullable(Type.String()),
  result: nullable(Type.String()),
  clientAddress: Type.String(),
});

/** A day, yyyy-MM-dd: the period's first (`from`) or last (`to`) day, in Romania's time. */
export const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "yyyy-MM-dd, a day in Romania's time" });

/** An action's code (`<subject>.<verb>`); one the log does not know simply matches no row. */
export const actionFilter = { type: "string", maxLength: 100, pattern: "^[A-Za-z]+\\.[A-Za-z]+$" } as const;

/** GET /actions: every action the log knows, for the screen's filter. */
export const AuditActionsAnswer = Type.Object({ actions: Type.Array(Type.String()) });
export const userEmailFilter = { type: "string", maxLength: 254 } as const;
export const tenantFilter = { type: "integer", minimum: 1, maximum: 2_147_483_647 } as const;
