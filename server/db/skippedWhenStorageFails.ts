/**
 * For a write that may be left out when the disk refuses it (a sign-in's attempt counters): the
 * storage error is logged by name and `fallback` answered in its place. Any other error, and a
 * database that is away altogether (nothing else would work either), goes on to the caller.
 */
import type { FastifyBaseLogger } from "fastify";
import { storageProblem } from "./unavailable";

export async function skippedWhenStorageFails<T>(log: FastifyBaseLogger, fallback: T, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const problem = storageProblem(error);
    if (!problem || problem === "database unavailable") throw error;
    log.error({ err: error, storage: problem }, `write skipped: ${problem}`);
    return fallback;
  }
}
