/**
 * Control characters have no place in anything a user types or a spreadsheet holds: NUL cannot
 * be stored by PostgreSQL at all (a 500 there, a silently different string on SQLite), and the
 * others only hide text or break the files we write. Tab, line feed and carriage return are
 * ordinary text (an address typed on two lines, Alt+Enter in an Excel cell) and stay allowed.
 */
const CONTROL_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when `text` holds a control character other than tab, line feed or carriage return. */
export function hasControlCharacter(text: string): boolean {
  return CONTROL_CHARACTER.test(text);
}
