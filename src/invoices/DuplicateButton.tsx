/**
 * 'Duplică' on a document's screen: a new draft from this one (useDuplicateDocument), of the
 * document's own kind unless a `resource` is given.
 */
import Button from "@mui/material/Button";
import ContentCopyIcon from "@mui/icons-material/ContentCopy";
import { useDuplicateDocument } from "./useDuplicateDocument";

export function DuplicateButton({ document, resource }: { document: { id: number; documentType?: string | null }; resource?: string }) {
  const { duplicate, pending, label } = useDuplicateDocument(document, resource);
  return (
    <Button size="small" variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => void duplicate()} disabled={pending}>
      {label}
    </Button>
  );
}
