/**
 * A legacy .xls, row by row, read in a worker thread (xlsWorker.ts): @e965/xlsx parses a whole
 * file in one synchronous call (seconds for a 20 MiB file), which on the main thread would hold
 * every other request, sign-in included, until it ends. In the worker it holds nothing but the
 * worker, and the worker is bounded: its heap (resourceLimits), its running time (terminated
 * past the limit), and how many run at once (the others wait their turn without blocking).
 */
import type { Worker } from "node:worker_threads";
import type { CellValue } from "./cells";
import { type ExcelError, excelError } from "./errors";
import { typeScriptWorker } from "./typeScriptWorker";
import type { XlsxRow } from "./xlsx";

/** The machine has two cores: two parses at most, so the event loop keeps one for itself. */
export const XLS_WORKERS = 2;
/** A 20 MiB .xls parses in ~2 s here: generous, yet a worker stuck on a hostile file is ended. */
export const XLS_TIME_LIMIT_MS = 30_000;
/** A 20 MiB .xls of 13 text columns needs ~250 MB of heap parsed. */
export const XLS_MEMORY_LIMIT_MB = 512;

export interface XlsLimits {
  timeLimitMs?: number;
  memoryLimitMb?: number;
}

export interface XlsWorkerData {
  bytes: Uint8Array;
  maxRows: number;
  maxColumns: number;
}

/** What the worker answers to each "next". */
export type XlsReply =
  | { type: "rows"; rows: { row: number; cells: CellValue[] }[]; done: false }
  | { type: "rows"; rows: { row: number; cells: CellValue[] }[]; done: true; ignoredColumns: number[] }
  | { type: "refused"; kind: "passwordProtected" | "notExcel" | "noSheet" | "noData" };

export interface XlsReadOptions {
  maxRows: number;
  maxColumns: number;
  /** Filled with the 0-based columns right of maxColumns that held a value. */
  ignoredColumns: Set<number>;
  limits?: XlsLimits;
}

export async function* xlsRows(buffer: Buffer, options: XlsReadOptions): AsyncGenerator<XlsxRow> {
  const release = await slots.take();
  let worker: Worker | undefined;
  try {
    // The worker's own copy, moved to it rather than copied again.
    const bytes = new Uint8Array(buffer);
    const workerData: XlsWorkerData = { bytes, maxRows: options.maxRows, maxColumns: options.maxColumns };
    worker = typeScriptWorker(new URL("./xlsWorker.ts", import.meta.url), {
      workerData,
      transferList: [bytes.buffer],
      resourceLimits: { maxOldGenerationSizeMb: options.limits?.memoryLimitMb ?? XLS_MEMORY_LIMIT_MB },
    });
    // A worker ended by its time limit frees its place even if this reading is never resumed.
    worker.once("exit", release);
    const replies = new Replies(worker, options.limits?.timeLimitMs ?? XLS_TIME_LIMIT_MS);
    for (;;) {
      const reply = await replies.next();
      if (reply.type === "refused") throw excelError(reply.kind);
      yield* reply.rows;
      if (reply.done) {
        for (const column of reply.ignoredColumns) options.ignoredColumns.add(column);
        return;
      }
    }
  } finally {
    // Also when the reader stops early (a refusal, too many rows): the worker is ended at once.
    if (worker) await worker.terminate();
    release();
  }
}

/**
 * The worker's answers, one per request; the first failure (an error in the worker, its exit,
 * its heap limit, or the time limit since it started) ends it and is every later answer.
 */
class Replies {
  private waiting: { resolve: (reply: XlsReply) => void; reject: (error: Error) => void } | undefined;
  private failure: Error | undefined;

  constructor(
    private readonly worker: Worker,
    timeLimitMs: number,
  ) {
    const deadline = setTimeout(() => this.fail(excelError("tooSlow")), timeLimitMs);
    worker.on("message", (reply: XlsReply) => {
      const waiting = this.waiting;
      this.waiting = undefined;
      waiting?.resolve(reply);
    });
    worker.on("error", (error: Error & { code?: string }) => {
      this.fail(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? excelError("tooComplex") : error);
    });
    worker.on("exit", () => {
      clearTimeout(deadline);
      this.fail(excelError("corrupt"));
    });
  }

  next(): Promise<XlsReply> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise((resolve, reject) => {
      this.waiting = { resolve, reject };
      this.worker.postMessage("next");
    });
  }

  private fail(error: Error | ExcelError): void {
    if (this.failure) return;
    this.failure = error;
    void this.worker.terminate();
    const waiting = this.waiting;
    this.waiting = undefined;
    waiting?.reject(error);
  }
}

/** At most `size` holders at once; the others wait, in order of arrival. */
class Slots {
  private readonly queue: (() => void)[] = [];
  private free: number;

  constructor(readonly size: number) {
    this.free = size;
  }

  get taken(): number {
    return this.size - this.free;
  }

  async take(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.queue.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.queue.shift();
      if (next) next();
      else this.free++;
    };
  }
}

const slots = new Slots(XLS_WORKERS);

/** How many .xls workers run now (at most XLS_WORKERS). */
export function xlsWorkersRunning(): number {
  return slots.taken;
}
