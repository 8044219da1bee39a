/** 'Pagină Inexistentă' with a button home: unknown paths and pages the user may not open. */
import { Link as RouterLink } from "react-router-dom";
import { Title, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";

export function NotFound() {
  const translate = useTranslate();
  return (
    <Box sx={{ textAlign: "center", py: 8 }}>
      <Title title={translate("notFound.title")} />
      <Typography variant="h4" component="h1" gutterBottom>
        {translate("notFound.title")}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate("notFound.text")}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/">
        {translate("notFound.home")}
      </Button>
    </Box>
  );
}
