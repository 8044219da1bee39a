/**
 * The 'customer-anaf-check' task: the customer import's 'Verifică la ANAF'. Its payload is the
 * file's valid rows that have a CUI (AnafCheckedRow); it asks ANAF about every CUI through
 * lookupCompanies (≤ 100 a request, the fleet's 1 request a second, a day's cache), reporting
 * the CUIs answered so far. ANAF's answers are kept in anaf_companies: the import's report reads
 * the findings from there and the task's rows (routes/api/customers/anafCheckRoutes.ts), and the
 * import fills empty addresses from them without asking ANAF again.
 *
 * ANAF unreachable: the task fails with ANAF's Romanian reason (its errorText), and the import
 * goes on without the check.
 */
import { AnafUnavailable, keptCompanies, lookupCompanies } from "../../anaf";
import { customerAnafCheckMessages } from "../../messages";
import { anafFindings, type AnafCheckedRow } from "../../routes/api/customers/anafFindings";
import { TaskFailure, type TaskHandler } from "../types";

export interface CustomerAnafCheckPayload {
  rows: AnafCheckedRow[];
}

export function createCustomerAnafCheck(): TaskHandler {
  return async ({ db, payload, progress, signal, anaf }) => {
    const rows = checkPayload(payload);
    const cuis = [...new Set(rows.map((row) => row[2]))];
    if (!anaf) throw new TaskFailure(customerAnafCheckMessages.noClient);
    // onProgress is synchronous: the progress writes are chained, and awaited before the end.
    let written = progress({ total: cuis.length, processed: 0 });
    try {
      await lookupCompanies({ db, anaf }, cuis, {
        onProgress: (done, total) => {
          written = written.then(() => progress({ total, processed: done, progress: total ? Math.floor((done * 100) / total) : 100 }));
          signal.throwIfAborted();
        },
      });
    } catch (error) {
      await written.catch(() => undefined);
      if (error instanceof AnafUnavailable) throw new TaskFailure(customerAnafCheckMessages.unavailable(error.message));
      throw error;
    }
    await written;
    const kept = await keptCompanies(db, cuis);
    const flagged = rows.filter((row) => anafFindings(row, kept.get(row[2])).length > 0).length;
    return { message: customerAnafCheckMessages.done(cuis.length, flagged), total: cuis.length, processed: cuis.length, errors: flagged };
  };
}

function checkPayload(payload: unknown): AnafCheckedRow[] {
  const rows = (payload as Partial<CustomerAnafCheckPayload> | null)?.rows;
  const valid =
    Array.isArray(rows) &&
    rows.every((row) => Array.isArray(row) && row.length === 5 && typeof row[0] === "number" && row.slice(1).every((cell) => typeof cell === "string"));
  if (!valid) throw new TaskFailure(customerAnafCheckMessages.payloadInvalid);
  return rows as AnafCheckedRow[];
}
