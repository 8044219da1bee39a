/**
 * Faults a test (or a demo) switches on for the next calls of one operation: a connection that
 * hangs (timeout), HTTP 500, the operation's daily-limit answer, ANAF's 204 with no body (which
 * Odoo reads as "limit reached"), or the firewall's HTML page with status 200.
 */
export const EFACTURA_FAULT_OPERATIONS = ["list", "status", "download", "token", "transform"] as const;
export type EfacturaFaultOperation = (typeof EFACTURA_FAULT_OPERATIONS)[number];
export const EFACTURA_FAULT_KINDS = ["timeout", "500", "limit", "204", "firewall"] as const;
export type EfacturaFaultKind = (typeof EFACTURA_FAULT_KINDS)[number];

export interface EfacturaFault {
  operation: EfacturaFaultOperation;
  fault: EfacturaFaultKind;
  /** How many calls it strikes (default 1). */
  times: number;
}

/** ANAF's web application firewall page (anaf-api.md C.3: WAF HTML pages are possible). */
export const FIREWALL_PAGE =
  "<html><head><title>Request Rejected</title></head><body>The requested URL was rejected. " +
  "Please consult with your administrator.<br><br>Your support ID is: 9876543210987654321<br><br>" +
  '<a href="javascript:history.back();">[Go Back]</a></body></html>';

export function parseFault(body: unknown): EfacturaFault | string {
  if (typeof body !== "object" || body === null) return "Defectul este un obiect JSON {operation, fault, times?}.";
  const { operation, fault, times } = body as Record<string, unknown>;
  if (!EFACTURA_FAULT_OPERATIONS.includes(operation as EfacturaFaultOperation)) {
    return `operation este una din: ${EFACTURA_FAULT_OPERATIONS.join(", ")}.`;
  }
  if (!EFACTURA_FAULT_KINDS.includes(fault as EfacturaFaultKind)) return `fault este unul din: ${EFACTURA_FAULT_KINDS.join(", ")}.`;
  if (times !== undefined && (typeof times !== "number" || !Number.isInteger(times) || times < 1)) return "times este un întreg ≥ 1.";
  return { operation: operation as EfacturaFaultOperation, fault: fault as EfacturaFaultKind, times: (times as number | undefined) ?? 1 };
}

export class EfacturaFaultQueue {
  pending: EfacturaFault[] = [];

  add(fault: EfacturaFault): void {
    this.pending.push(fault);
  }

  /** The next fault for this operation, used up by one call. */
  take(operation: EfacturaFaultOperation): EfacturaFaultKind | undefined {
    const index = this.pending.findIndex((fault) => fault.operation === operation);
    if (index < 0) return undefined;
    const fault = this.pending[index];
    fault.times -= 1;
    if (fault.times <= 0) this.pending.splice(index, 1);
    return fault.fault;
  }

  clear(): void {
    this.pending = [];
  }
}
