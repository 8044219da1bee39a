/**
 * Inside the invoice's form: leaving the screen inside the app while an edit cannot be stored —
 * the form's checks refuse it (due days 0) or another version was saved meanwhile (a conflict the
 * user has not settled) — asks first, with react-admin's own guard and words. Edits that can be
 * stored need no question: the auto-save stores them on the way out (useAutoSave.ts).
 */
import { useWarnWhenUnsavedChanges } from "react-admin";
import { useFormState } from "react-hook-form";
import type { SaveState } from "./autoSaver";
import { useStoreValue, type ValueStore } from "./valueStore";

const inConflict = (state: SaveState) => state.error === "conflict";

export function UnsavableEditsGuard({ saveState }: { saveState: ValueStore<SaveState> }) {
  const { errors } = useFormState();
  const conflict = useStoreValue(saveState, inConflict);
  useWarnWhenUnsavedChanges(conflict || Object.keys(errors).length > 0);
  return null;
}
