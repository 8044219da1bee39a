/**
 * The counters of this process that are not tied to one app instance: SmartBill calls, the
 * limiter's waits and the lockouts. The SmartBill client and its limiter are modules shared by
 * every app (and task) of the process, so their counters are too; the metrics route
 * (plugins/metrics.ts) serves them beside its app's request and task figures, together with
 * Node's own (memory, CPU, event-loop delay).
 */
import { Counter, collectDefaultMetrics, Registry } from "prom-client";
import { SmartBillError } from "../smartbill/types";

export const processMetrics = new Registry();
collectDefaultMetrics({ register: processMetrics });

const smartBillCalls = new Counter({
  name: "smartbill_calls_total",
  help: "SmartBill calls by outcome: ok, or the SmartBillError kind (lockout, timeout, provider, ...)",
  labelNames: ["outcome"] as const,
  registers: [processMetrics],
});

const limiterWaits = new Counter({
  name: "smartbill_limiter_waits_total",
  help: "SmartBill calls that waited for a free slot in the token's 30 calls / 10 s",
  registers: [processMetrics],
});

const limiterWaitSeconds = new Counter({
  name: "smartbill_limiter_wait_seconds_total",
  help: "Time SmartBill calls spent waiting for a free slot, summed",
  registers: [processMetrics],
});

const lockouts = new Counter({
  name: "smartbill_lockouts_total",
  help: "Times SmartBill reported a token locked out (10 minutes without calls)",
  registers: [processMetrics],
});

/** Counts one SmartBill call when it settles, by its outcome; answers the call unchanged. */
export function countSmartBillCall<T>(call: Promise<T>): Promise<T> {
  return call.then(
    (answer) => {
      smartBillCalls.inc({ outcome: "ok" });
      return answer;
    },
    (error: unknown) => {
      smartBillCalls.inc({ outcome: error instanceof SmartBillError ? error.kind : "error" });
      throw error;
    },
  );
}

/** A call waited `waitedMs` for a slot of its token's rate limit (only when it waited at all). */
export function countLimiterWait(waitedMs: number): void {
  limiterWaits.inc();
  limiterWaitSeconds.inc(waitedMs / 1000);
}

/** SmartBill said a token is locked out (once per report, not per call refused meanwhile). */
export function countLockout(): void {
  lockouts.inc();
}
