/**
 * The public top bar: the admin app's signed-out one (layout/AppBar.tsx): the title home, the
 * page's own title from 768 px, the language and 'Autentificare'.
 */
import MuiAppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { FrameLink } from "./FrameLink";
import { usePageFrame } from "./pageFrame";
import { HomeTitle } from "./HomeTitle";
import { ShellLanguageButton } from "./ShellLanguageButton";

export function ShellAppBar({ pageTitle }: { pageTitle: string }) {
  const { translate } = usePageFrame();
  return (
    <MuiAppBar position="fixed" color="primary">
      <Toolbar variant="dense" sx={{ gap: 0.5, px: { xs: 1, sm: 2 } }}>
        <Box sx={{ display: "flex", flexDirection: "column", minWidth: 0, mr: { xs: 0.5, sm: 2 } }}>
          <HomeTitle />
        </Box>
        {/* Where react-admin's TitlePortal is in the admin app's bar, with its styles. */}
        <Typography
          variant="body1"
          color="inherit"
          sx={{
            flex: "1",
            display: { xs: "none", md: "block" },
            minWidth: 0,
            overflow: "hidden",
            textOverflow: "ellipsis",
            whiteSpace: "nowrap",
          }}
        >
          {pageTitle}
        </Typography>
        <Box sx={{ flex: 1 }} />
        <ShellLanguageButton />
        <Button color="inherit" component={FrameLink} to="/login" sx={{ whiteSpace: "nowrap" }}>
          {translate("appBar.login")}
        </Button>
      </Toolbar>
    </MuiAppBar>
  );
}
