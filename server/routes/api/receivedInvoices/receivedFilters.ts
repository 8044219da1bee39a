/**
 * The filters of 'Facturi primite', each refused in Romanian by its schema when it is not what
 * it names:
 *   ?supplierCif=RO12345678   the supplier's CIF, with or without RO (the UBL may carry either)
 *   ?issueDateFrom=, ?issueDateTo=   the invoice's issue date, both days included (yyyy-mm-dd)
 *   ?currency=EUR
 * `q` (the list's) looks in the supplier's name and CIF and the invoice's number.
 */
import { type SqlBool, sql } from "kysely";
import type { ListFilter } from "../listQuery";

// A calendar day as yyyy-mm-dd: months 01–12 and days 01–31, so "2026-13-45" is refused, not an empty list.
const DAY = { type: "string", maxLength: 10, pattern: "^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$" } as const;

const column = (name: string) => sql.ref(`efactura_messages.${name}`);

/** The CIF's digits: `RO 123`, `ro123` and `123` are one company. */
export const cifDigits = (cif: string) => cif.replace(/^\s*ro\s*/i, "").trim();

export const receivedFilters = {
  supplierCif: {
    column: "efactura_messages.supplierCif",
    schema: { type: "string", maxLength: 14, pattern: "^\\s*([Rr][Oo])?\\s*[0-9]{2,10}\\s*$" },
    where: (value) => {
      const digits = cifDigits(String(value));
      return sql<SqlBool>`${column("supplierCif")} in (${digits}, ${`RO${digits}`})`;
    },
  },
  issueDateFrom: { column: "efactura_messages.issueDate", schema: DAY, where: (value) => sql<SqlBool>`${column("issueDate")} >= ${String(value)}` },
  issueDateTo: { column: "efactura_messages.issueDate", schema: DAY, where: (value) => sql<SqlBool>`${column("issueDate")} <= ${String(value)}` },
  currency: { column: "efactura_messages.currency", schema: { type: "string", maxLength: 3, pattern: "^[A-Z]{3}$" } },
} as const satisfies Record<string, ListFilter>;

export type ReceivedFilterName = keyof typeof receivedFilters;
