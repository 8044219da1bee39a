/**
 * SmartBill's limit as the emulator enforces it (§5, §7.8): a rolling window per token; the
 * call over the limit starts a block, and every call during the block is refused (the block is
 * not extended: SmartBill does not document that it would be).
 */
export interface EmulatorLimiterSettings {
  /** Calls per window (SmartBill: 30). */
  limit: number;
  /** SmartBill: 10 s. */
  windowMs: number;
  /** How long a token stays blocked (SmartBill: 10 min). */
  blockMs: number;
}

export const SMARTBILL_LIMITS: EmulatorLimiterSettings = { limit: 30, windowMs: 10_000, blockMs: 10 * 60_000 };

export type LimiterVerdict =
  | { allowed: true; limit: number; remaining: number; resetAt: number }
  | { allowed: false; blockedAt: number; blockedUntil: number };

export class EmulatorLimiter {
  private readonly calls = new Map<string, number[]>();
  private readonly blocks = new Map<string, { blockedAt: number; blockedUntil: number }>();

  constructor(public settings: EmulatorLimiterSettings) {}

  take(token: string, now: number): LimiterVerdict {
    const block = this.blocks.get(token);
    if (block && block.blockedUntil > now) return { allowed: false, ...block };
    if (block) this.blocks.delete(token);
    const { limit, windowMs, blockMs } = this.settings;
    const calls = (this.calls.get(token) ?? []).filter((at) => at > now - windowMs);
    if (calls.length >= limit) {
      const started = { blockedAt: now, blockedUntil: now + blockMs };
      this.blocks.set(token, started);
      this.calls.delete(token);
      return { allowed: false, ...started };
    }
    calls.push(now);
    this.calls.set(token, calls);
    return { allowed: true, limit, remaining: limit - calls.length, resetAt: calls[0] + windowMs };
  }

  blocked(): { token: string; blockedAt: number; blockedUntil: number }[] {
    const now = Date.now();
    return [...this.blocks].filter(([, b]) => b.blockedUntil > now).map(([token, b]) => ({ token, ...b }));
  }

  clear(): void {
    this.calls.clear();
    this.blocks.clear();
  }
}
