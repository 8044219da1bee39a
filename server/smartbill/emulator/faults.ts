/**
 * Faults a test switches on through the admin API, each for the next `times` matching calls:
 *   html500         a Tomcat 500 page instead of JSON
 *   html502         an nginx 502 page
 *   html200         an HTML page with status 200 (a maintenance or portal page in the way)
 *   timeout         no answer at all (the connection hangs until the caller gives up)
 *   drop-after-store the call does its work (POST /invoice stores the invoice, a cancel cancels…),
 *                   then the connection drops unanswered
 *   hang-after-store the call does its work, then never answers (the caller times out)
 *   errortext-200   HTTP 200 with a non-empty errorText
 *   errortext-html  an errorText with <br/>, <b> and the hidden moreErrorDetails div
 */
export const FAULT_KINDS = [
  "html500",
  "html502",
  "html200",
  "timeout",
  "drop-after-store",
  "hang-after-store",
  "errortext-200",
  "errortext-html",
] as const;

export type FaultKind = (typeof FAULT_KINDS)[number];

/** Faults that strike after the call changed the state (the others strike before anything). */
export const AFTER_STORE_FAULTS: readonly FaultKind[] = ["drop-after-store", "hang-after-store"];

export interface Fault {
  fault: FaultKind;
  /** How many matching calls it affects (default 1). */
  times?: number;
  /** Only calls to this API path, e.g. "/stocks" or "/invoice" (default: any). */
  path?: string;
  /** Only calls with this verb, e.g. DELETE for /invoice (default: any). */
  method?: string;
  /**
   * Only calls that come after a call to this API path, counted from when the fault was set: e.g.
   * the status read that follows a payment, and not the one before it. A test then need not race
   * the server to set the fault between the two.
   */
  after?: string;
  /** errortext-*: the errorText to send instead of the default. */
  text?: string;
  /** errortext-*: the status to send (errortext-200: 200; errortext-html: 400). */
  status?: number;
}

export class FaultQueue {
  private faults: (Fault & { times: number; armed: boolean })[] = [];

  add(fault: Fault): void {
    this.faults.push({ ...fault, times: fault.times ?? 1, armed: fault.after === undefined });
  }

  /** Takes the first pending fault that applies to this call, when the predicate accepts it. */
  take(method: string, path: string, accept: (kind: FaultKind) => boolean): Fault | undefined {
    const index = this.faults.findIndex(
      (fault) =>
        fault.armed &&
        (fault.path === undefined || fault.path === path) &&
        (fault.method === undefined || fault.method.toUpperCase() === method) &&
        accept(fault.fault),
    );
    // The call arms the faults waiting for it only once it has been matched itself: 'after' it.
    for (const waiting of this.faults) if (waiting.after === path) waiting.armed = true;
    if (index === -1) return undefined;
    const fault = this.faults[index];
    fault.times -= 1;
    if (fault.times <= 0) this.faults.splice(index, 1);
    return fault;
  }

  list(): Fault[] {
    return this.faults.map(({ armed: _armed, ...fault }) => ({ ...fault }));
  }

  clear(): void {
    this.faults = [];
  }
}
