/** The one way an Excel file is refused: a typed error with a Romanian sentence for the user. */
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

export const excelMessages = {
  notExcel: "Fișierul nu este un document Excel valid (.xlsx sau .xls).",
  tooLarge: "Fișierul depășește limita de 20 MiB.",
  tooManyRows: "Fișierul are mai mult de 100.000 de rânduri de date.",
  passwordProtected: "Fișierul este protejat cu parolă. Salvați-l fără parolă și încercați din nou.",
  corrupt: "Fișierul Excel este deteriorat sau incomplet și nu poate fi citit.",
  zipBomb: "Fișierul Excel are un conținut comprimat suspect de mare și a fost refuzat.",
  noSheet: "Fișierul Excel nu conține nicio foaie de calcul.",
  noData: "Fișierul nu conține niciun rând de date sub antet.",
  noFile: "Te rugăm să selectezi un fișier înainte de a-l încărca.",
  tooManyParts: "Cererea conține prea multe fișiere sau câmpuri. Încărcați un singur fișier Excel.",
  tooSlow:
    "Citirea fișierului .xls a durat prea mult și a fost oprită. Salvați-l ca .xlsx (Excel 2007 sau mai nou) și încercați din nou.",
  tooComplex:
    "Fișierul .xls cere prea multă memorie pentru a fi citit. Salvați-l ca .xlsx (Excel 2007 sau mai nou) și încercați din nou.",
  missingColumns: (labels: readonly string[]) => `Lipsesc coloanele obligatorii: ${labels.join(", ")}.`,
  headerNotFound: (labels: readonly string[]) =>
    `Nu am găsit rândul de antet în primele 10 rânduri. Coloanele așteptate: ${labels.join(", ")}.`,
} as const;

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
