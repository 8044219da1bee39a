/** /logout: clears the stored user and all of localStorage, then goes to `/`. */
import { useEffect } from "react";
import { useLogout, useTranslate } from "react-admin";
import Typography from "@mui/material/Typography";

export default function Logout() {
  const logout = useLogout();
  const translate = useTranslate();
  useEffect(() => {
    logout({}, "/", false);
  }, [logout]);
  return <Typography sx={{ p: 2 }}>{translate("app.restoring")}</Typography>;
}
