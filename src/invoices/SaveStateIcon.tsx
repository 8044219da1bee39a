/**
 * The save-state mark of the edit screen: green 'Salvat', grey 'Modificări nesalvate'. It reads
 * the form's save state and the lines' count of unsaved rows from their stores itself, so a change
 * of either re-renders the mark alone: a line typed but not yet valid, or refused, is not 'Salvat'.
 */
import { useTranslate } from "react-admin";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import EditNoteIcon from "@mui/icons-material/EditNote";
import type { SaveState } from "./autoSaver";
import { useStoreValue, type ValueStore } from "./valueStore";

export function SaveStateIcon({ store, unsavedLines }: { store: ValueStore<SaveState>; unsavedLines: ValueStore<number> }) {
  const translate = useTranslate();
  const state = useStoreValue(store);
  const linesUnsaved = useStoreValue(unsavedLines);
  const saved = state.status === "saved" && linesUnsaved === 0;
  return (
    <Stack direction="row" spacing={0.5} alignItems="center" role="status" aria-live="polite" data-testid="save-state">
      {saved ? <CheckCircleIcon color="success" fontSize="small" /> : <EditNoteIcon sx={{ color: "text.disabled" }} fontSize="small" />}
      <Typography variant="body2" sx={{ color: saved ? "success.main" : "text.secondary" }}>
        {translate(saved ? "resources.invoices.saved" : "resources.invoices.unsaved")}
      </Typography>
      {state.saving && <CircularProgress size={14} aria-label={translate("resources.invoices.saving")} />}
    </Stack>
  );
}
