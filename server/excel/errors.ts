/**
 * The one way an Excel file is refused: a typed error with a Romanian sentence for the user
 * (the sentences: excelMessages in server/messages.ts).
 */
import { excelMessages } from "../messages";

export const MAX_FILE_BYTES = 20 * 1024 * 1024;
export const MAX_DATA_ROWS = 100_000;
/**
 * The columns a row is read up to (A–BL); a cell further right is never stored, only its column
 * named as ignored. The formats read 13 (customers) and 11 (invoice lines) known columns, and a
 * real sheet carries some of its own beside them (notes, internal codes, a second address):
 * 64 leaves room for ~50 of those, while bounding a row, and the error report that repeats it,
 * to 64 cells whatever column a cell claims (Excel's last is XFD, the 16,384th).
 */
export const MAX_COLUMNS = 64;

export type ExcelErrorKind =
  | "notExcel"
  | "tooLarge"
  | "tooManyRows"
  | "passwordProtected"
  | "corrupt"
  | "zipBomb"
  | "noSheet"
  | "noData"
  | "noFile"
  | "tooManyParts"
  | "tooSlow"
  | "tooComplex"
  | "missingColumns"
  | "headerNotFound";

export class ExcelError extends Error {
  constructor(
    readonly kind: ExcelErrorKind,
    message: string,
  ) {
    super(message);
    this.name = "ExcelError";
  }
}

/** An ExcelError with the kind's fixed sentence. */
export function excelError(kind: Exclude<ExcelErrorKind, "missingColumns" | "headerNotFound">): ExcelError {
  return new ExcelError(kind, excelMessages[kind]);
}
