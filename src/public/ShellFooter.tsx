/** The footer of every page, in both doors (the admin app's layout/Footer.tsx gives it its frame). */
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { FrameLink } from "./FrameLink";
import { usePageFrame } from "./pageFrame";

export function ShellFooter() {
  const { translate } = usePageFrame();
  return (
    <Box component="footer" sx={{ mt: "auto", py: 2, px: 2, display: "flex", gap: 2, flexWrap: "wrap", justifyContent: "center", borderTop: 1, borderColor: "divider" }}>
      <Typography variant="body2" color="text.secondary">
        {translate("footer.copyright", { year: new Date().getFullYear() })}
      </Typography>
      <Link component={FrameLink} to="/privacy" variant="body2">
        {translate("footer.privacy")}
      </Link>
      <Link component={FrameLink} to="/terms" variant="body2">
        {translate("footer.terms")}
      </Link>
    </Box>
  );
}
