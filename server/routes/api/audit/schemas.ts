/** The /api/audit routes' parameters: the period's days and the list's filters; the row is contract/schemas/audit.ts. */
import { Type } from "typebox";

/** A day, yyyy-MM-dd: the period's first (`from`) or last (`to`) day, in Romania's time. */
export const Day = Type.String({ pattern: "^\\d{4}-\\d{2}-\\d{2}$", description: "yyyy-MM-dd, a day in Romania's time" });

/** An action's code (`<subject>.<verb>`); one the log does not know simply matches no row. */
export const actionFilter = { type: "string", maxLength: 100, pattern: "^[A-Za-z]+\\.[A-Za-z]+$" } as const;

/** GET /actions: every action the log knows, for the screen's filter. */
export const AuditActionsAnswer = Type.Object({ actions: Type.Array(Type.String()) });

export const userEmailFilter = { type: "string", maxLength: 254 } as const;
export const tenantFilter = { type: "integer", minimum: 1, maximum: 2_147_483_647 } as const;
