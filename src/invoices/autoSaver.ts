/**
 * The invoice edit screen's save state machine (spec section 4, "Invoice edit saving"), kept
 * free of React so every timing rule is tested with fake timers:
 *
 * - starts saved; `edit(value)` marks unsaved and (re)starts the 1000 ms timer, so a save goes
 *   out 1 s after the LAST change; loading the invoice is not an edit, so it never saves;
 * - `flush()` (explicit submit) saves at once;
 * - one save in flight at a time: edits made meanwhile are kept and saved right after it;
 * - a failed save keeps the edits, shows the error, and is retried when the browser comes back
 *   online (or after `retryMs` as a fallback, since `online` only fires after being offline);
 * - values the server refuses (400) are not retried: the next change is saved as usual; values the
 *   form itself finds invalid (SaveInvalid) are not sent and stay unsaved, without an error;
 * - a conflict (the server holds a newer version: someone else saved) stops saving until the
 *   user decides: reload (take the other version) or keep their own changes (`resolveConflict`,
 *   with the value merged with the other version): retrying blindly would overwrite the other
 *   version's work or fail for ever.
 */
import { AUTO_SAVE_DELAY_MS } from "../../contract/constants";

type SaveStatus = "saved" | "unsaved";
type SaveError = "failed" | "conflict" | null;

export interface SaveState {
  status: SaveStatus;
  saving: boolean;
  error: SaveError;
}

/** Thrown (or rejected) by `save` when the server refused a stale version (HTTP 409). */
export class SaveConflict extends Error {}

/**
 * Thrown by `save` when the server refused the values themselves (HTTP 400, e.g. due days 0):
 * sending them again cannot help, so it waits for the user's next change instead of retrying.
 */
export class SaveRejected extends Error {}

/**
 * Thrown by `save` when the form's own checks fail (its message is shown at the field): nothing
 * was sent, nothing failed; the values stay unsaved until the user corrects them.
 */
export class SaveInvalid extends SaveRejected {}

interface AutoSaverOptions {
  delayMs?: number;
  retryMs?: number;
  onState?: (state: SaveState) => void;
}

const RETRY_MS = 5000;

export class AutoSaver<T> {
  private latest: T | undefined;
  private dirty = false;
  private inFlight: Promise<void> | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;
  private current: SaveState = { status: "saved", saving: false, error: null };
  private readonly delayMs: number;
  private readonly retryMs: number;
  private stopped = false;

  constructor(
    private readonly save: (value: T) => Promise<void>,
    private readonly options: AutoSaverOptions = {},
  ) {
    this.delayMs = options.delayMs ?? AUTO_SAVE_DELAY_MS;
    this.retryMs = options.retryMs ?? RETRY_MS;
  }

  get state(): SaveState {
    return this.current;
  }

  /** Whether anything typed is not yet stored (leaving the page should warn). */
  get hasUnsavedChanges(): boolean {
    return this.dirty || this.current.saving;
  }

  /** A change by the user: saved `delayMs` after the last one. */
  edit(value: T): void {
    if (this.stopped) return;
    this.latest = value;
    this.dirty = true;
    this.set({ status: "unsaved" });
    if (this.current.error === "conflict") return;
    this.schedule(this.delayMs);
  }

  /** Saves now (explicit submit); resolves when everything typed so far is stored or failed. */
  async flush(): Promise<void> {
    this.clearTimers();
    if (this.current.error === "conflict") return;
    await this.run();
  }

  /**
   * After a conflict the user chose to keep their changes: `value` (what they typed, merged with
   * the newer version) is saved now, and saving goes on as usual.
   */
  async resolveConflict(value: T): Promise<void> {
    if (this.stopped) return;
    this.clearTimers();
    this.latest = value;
    this.dirty = true;
    this.set({ status: "unsaved", error: null });
    await this.run();
  }

  /** The browser is online again: a failed save is retried at once. */
  online(): void {
    if (this.dirty && this.current.error === "failed") void this.flush();
  }

  /** The screen is (again) on: React may stop and start an effect twice in development. */
  start(): void {
    this.stopped = false;
  }

  /** The screen is gone: no more timers or saves. */
  stop(): void {
    this.stopped = true;
    this.clearTimers();
  }

  private schedule(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.run();
    }, ms);
  }

  private clearTimers(): void {
    if (this.timer) clearTimeout(this.timer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.timer = this.retryTimer = undefined;
  }

  private async run(): Promise<void> {
    // One save at a time: wait for the one in flight; it saves what was typed meanwhile.
    while (this.inFlight) await this.inFlight;
    if (!this.dirty || this.stopped) return;
    const value = this.latest as T;
    this.dirty = false;
    this.set({ saving: true });
    const attempt = this.attempt(value);
    this.inFlight = attempt;
    try {
      await attempt;
    } finally {
      this.inFlight = undefined;
    }
  }

  private async attempt(value: T): Promise<void> {
    try {
      await this.save(value);
      // Edits typed while this save was in flight are still unsaved: save them next.
      if (this.dirty) {
        this.set({ saving: false, status: "unsaved", error: null });
        if (!this.timer) this.schedule(0);
      } else {
        this.set({ saving: false, status: "saved", error: null });
      }
    } catch (error) {
      this.dirty = true; // what failed is still to be saved (the latest value includes it)
      const conflict = error instanceof SaveConflict;
      const invalid = error instanceof SaveInvalid;
      this.set({ saving: false, status: "unsaved", error: conflict ? "conflict" : invalid ? null : "failed" });
      if (!conflict && !(error instanceof SaveRejected) && !this.stopped) {
        if (this.retryTimer) clearTimeout(this.retryTimer);
        this.retryTimer = setTimeout(() => {
          this.retryTimer = undefined;
          void this.run();
        }, this.retryMs);
      }
    }
  }

  private set(patch: Partial<SaveState>): void {
    this.current = { ...this.current, ...patch };
    this.options.onState?.(this.current);
  }
}
