/** What an import's answer says of the columns right of those read that held a value. */
import { IGNORED_COLUMNS_NAMED, ignoredColumnsNote } from "../messages";
import { columnLetters } from "./columnLetters";
import { MAX_COLUMNS } from "./errors";

export interface IgnoredColumnsAnswer {
  /** A sentence to add to the answer's message. */
  note: string;
  /** The first few columns' letters, for the answer's `ignoredColumns`. */
  named: string[];
}

/** undefined when no column was ignored. */
export function ignoredColumnsAnswer(columns: readonly string[]): IgnoredColumnsAnswer | undefined {
  if (columns.length === 0) return undefined;
  return { note: ignoredColumnsNote(columns, columnLetters(MAX_COLUMNS - 1)), named: columns.slice(0, IGNORED_COLUMNS_NAMED) };
}
