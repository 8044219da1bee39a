/**
 * 'Factură nouă' on a document list's toolbar: to the resource's create screen (InvoiceCreate),
 * shown only to a user whose roles may use the resource (the role matrix, canAccess).
 */
import { Link as RouterLink } from "react-router-dom";
import { useCreatePath } from "react-admin";
import Button from "@mui/material/Button";
import NoteAddIcon from "@mui/icons-material/NoteAdd";
import { useRoles } from "../common/useRoles";
import { canAccess } from "../providers/canAccess";
import { useDocumentWords } from "./useDocumentWords";

export function NewDocumentButton({ resource = "invoices" }: { resource?: string }) {
  const roles = useRoles();
  const createPath = useCreatePath();
  const { newTitle } = useDocumentWords(resource);
  if (!canAccess(roles, resource)) return null;
  return (
    <Button component={RouterLink} to={createPath({ resource, type: "create" })} size="small" startIcon={<NoteAddIcon />}>
      {newTitle}
    </Button>
  );
}
