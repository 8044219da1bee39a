/** The footer: copyright line, Privacy Policy and Terms of Service links. */
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";

export function Footer() {
  const translate = useTranslate();
  return (
    <Box component="footer" sx={{ mt: "auto", py: 2, px: 2, display: "flex", gap: 2, flexWrap: "wrap", justifyContent: "center", borderTop: 1, borderColor: "divider" }}>
      <Typography variant="body2" color="text.secondary">
        {translate("footer.copyright", { year: new Date().getFullYear() })}
      </Typography>
      <Link component={RouterLink} to="/privacy" variant="body2">
        {translate("footer.privacy")}
      </Link>
      <Link component={RouterLink} to="/terms" variant="body2">
        {translate("footer.terms")}
      </Link>
    </Box>
  );
}
