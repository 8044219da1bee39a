/** A list that could not be fetched says so in a red alert: 'Error: {message}' (spec section 8). */
import { useListContext, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import { errorMessage } from "./errorMessage";

export function ListErrorAlert() {
  const { error } = useListContext();
  const translate = useTranslate();
  if (!error) return null;
  return (
    <Alert severity="error" sx={{ my: 2 }}>
      {translate("lists.error", { message: errorMessage(error, translate("password.genericError")) })}
    </Alert>
  );
}
