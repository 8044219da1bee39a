/**
 * A list that could not be fetched says so in a red alert: 'Error: {message}' (spec section 8), or
 * the screen's own wording (e.g. 'Eroare la preluarea produselor.') followed by the server's reason.
 */
import { useListContext, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import { errorMessage } from "./errorMessage";

export function ListErrorAlert({ messageKey }: { messageKey?: string }) {
  const { error } = useListContext();
  const translate = useTranslate();
  if (!error) return null;
  const reason = errorMessage(error, translate("app.genericError"));
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {messageKey ? `${translate(messageKey)} ${reason}` : translate("lists.error", { message: reason })}
    </Alert>
  );
}
