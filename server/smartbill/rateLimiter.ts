/**
 * SmartBill allows 30 calls per rolling 10 s per token and blocks the token for 10 minutes on
 * the 31st (../shared/spec/smartbill-api.md §5). Tenants may share a token, so the limiter
 * belongs to the token, not to a client: one per token in this process, from a module-level
 * registry.
 *
 * A call over the limit waits for a free slot; it never fails for that. A call counts from the
 * moment it is sent until `window` after its answer arrived: SmartBill counts it somewhere in
 * between, so this is never more generous than SmartBill is. When SmartBill reports a lockout
 * anyway (another process, another program using the token), the token is locked here until
 * the block ends and every call, queued or new, fails at once: no retries, no loops.
 *
 * This is one process's budget. On PostgreSQL, where several processes may share a token, the
 * fleet's budget lives in the database instead (sharedBudget.ts), behind the same interface.
 */
import { smartBillLockedOut } from "../messages";
import { formatRomanianTime } from "./bucharestTime";
import { SmartBillError } from "./types";

export interface RateLimitSettings {
  /** Calls allowed per window. */
  limit: number;
  windowMs: number;
}

export const SMARTBILL_RATE_LIMIT: RateLimitSettings = { limit: 30, windowMs: 10_000 };

/** How long SmartBill blocks a token, when its answer does not say. */
export const SMARTBILL_LOCKOUT_MS = 10 * 60_000;

/** Frees the slot's clock: the call's window starts when its answer arrived. */
export type ReleaseSlot = () => void | Promise<void>;

/** A token's budget of calls, as the client uses it: this process's or the fleet's. */
export interface SmartBillRateLimiter {
  /**
   * Resolves when the call may be sent; rejects with a "lockout" SmartBillError while the token
   * is locked. `callMs`: the longest the call may take (its timeout).
   */
  acquire(callMs: number): Promise<ReleaseSlot>;
  /** SmartBill blocked the token until `until` (epoch ms). */
  lock(until: number): void | Promise<void>;
  /** SmartBill's window is full until `until` (epoch ms): send nothing before. */
  hold(until: number): void | Promise<void>;
}

interface Waiter {
  resolve: (release: ReleaseSlot) => void;
  reject: (error: SmartBillError) => void;
}

export class TokenRateLimiter implements SmartBillRateLimiter {
  /** One entry per call in the window: when its answer arrived, or Infinity while in flight. */
  private readonly slots: { doneAt: number }[] = [];
  private readonly queue: Waiter[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** SmartBill said no calls are left in its window until then (epoch ms). */
  private heldUntil = 0;
  private lockedUntilMs = 0;

  constructor(readonly settings: RateLimitSettings) {}

  get lockedUntil(): number | undefined {
    return this.lockedUntilMs > Date.now() ? this.lockedUntilMs : undefined;
  }

  /** Resolves when the call may be sent; rejects at once while the token is locked. */
  acquire(): Promise<ReleaseSlot> {
    const lockout = this.lockoutError();
    if (lockout) return Promise.reject(lockout);
    return new Promise((resolve, reject) => {
      this.queue.push({ resolve, reject });
      this.drain();
    });
  }

  /** SmartBill blocked the token until `until`: fail everything until then. */
  lock(until: number): void {
    this.lockedUntilMs = Math.max(this.lockedUntilMs, until);
    this.drain();
  }

  /** SmartBill's X-RateLimit-Remaining reached 0: send nothing more before `until`. */
  hold(until: number): void {
    this.heldUntil = Math.max(this.heldUntil, until);
    this.drain();
  }

  private lockoutError(): SmartBillError | undefined {
    const until = this.lockedUntil;
    return until === undefined ? undefined : lockoutError(until);
  }

  private drain(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    const lockout = this.lockoutError();
    if (lockout) {
      for (const waiter of this.queue.splice(0)) waiter.reject(lockout);
      return;
    }
    const now = Date.now();
    const { limit, windowMs } = this.settings;
    for (let i = this.slots.length - 1; i >= 0; i--) {
      if (this.slots[i].doneAt + windowMs <= now) this.slots.splice(i, 1);
    }
    if (now >= this.heldUntil) {
      while (this.queue.length > 0 && this.slots.length < limit) {
        const slot = { doneAt: Infinity };
        this.slots.push(slot);
        this.queue.shift()!.resolve(() => {
          if (slot.doneAt !== Infinity) return;
          slot.doneAt = Date.now();
          this.drain();
        });
      }
    }
    if (this.queue.length === 0) return;
    // Wake when the oldest finished call leaves the window, or the hold ends; calls still in
    // flight wake us when they finish.
    const finished = this.slots.map((slot) => slot.doneAt).filter(Number.isFinite);
    const candidates = [
      ...(finished.length > 0 && this.slots.length >= limit ? [Math.min(...finished) + windowMs] : []),
      ...(now < this.heldUntil ? [this.heldUntil] : []),
    ];
    if (candidates.length === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, Math.max(1, Math.min(...candidates) - now));
  }
}

export function lockoutError(until: number): SmartBillError {
  return new SmartBillError("lockout", smartBillLockedOut(formatRomanianTime(until)), { lockedUntil: until });
}

const limiters = new Map<string, TokenRateLimiter>();

/**
 * The token's limiter, shared by every client that uses the token. The first client to ask sets
 * its settings (SmartBill's unless a test says otherwise).
 */
export function limiterForToken(token: string, settings: RateLimitSettings = SMARTBILL_RATE_LIMIT): TokenRateLimiter {
  let limiter = limiters.get(token);
  if (!limiter) {
    limiter = new TokenRateLimiter(settings);
    limiters.set(token, limiter);
  }
  return limiter;
}

/** Forgets every token's limiter and lockout (tests). */
export function resetSmartBillLimiters(): void {
  limiters.clear();
}
