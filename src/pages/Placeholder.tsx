/**
 * Stands in for a screen a later issue builds; it already obeys the role matrix, so the menu,
 * the URL and the access rules can be tested now.
 */
import { Title, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Typography from "@mui/material/Typography";
import { RequireAccess } from "../common/RequireAccess";

export function Placeholder({ resource, title }: { resource: string; title: string }) {
  const translate = useTranslate();
  return (
    <RequireAccess resource={resource}>
      <Title title={translate(title)} />
      <Typography variant="h5" component="h1" gutterBottom>
        {translate(title)}
      </Typography>
      <Alert severity="info">{translate("placeholder.text")}</Alert>
    </RequireAccess>
  );
}
