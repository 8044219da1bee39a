/**
 * The top bar. Signed in: the sidebar toggle, the title, the super-admin's tenant control, and
 * the account menu (name and tenant, Profil, Deconectare, language). Signed out: the title, the
 * language and the Login link. It fits a 360 px phone: there the page's own title is left to the
 * page, the language shows as an icon and the tenant control is a small line under the title.
 */
import { Link as RouterLink } from "react-router-dom";
import { LoadingIndicator, SidebarToggleButton, TitlePortal, useTranslate } from "react-admin";
import MuiAppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Toolbar from "@mui/material/Toolbar";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { useSession } from "../common/useSession";
import { AdminPageFrame } from "../pages/AdminPageFrame";
import { HomeTitle } from "../public/HomeTitle";
import { AccountMenu } from "./AccountMenu";
import { LanguageMenuButton } from "./LanguageMenuButton";
import { TenantSwitcher } from "./TenantSwitcher";

export function AppBar() {
  const translate = useTranslate();
  const signedIn = !!useSession();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  return (
    <MuiAppBar position="fixed" color="primary">
      <Toolbar variant="dense" sx={{ gap: 0.5, px: { xs: 1, sm: 2 } }}>
        {signedIn && <SidebarToggleButton />}
        <Box sx={{ display: "flex", flexDirection: "column", minWidth: 0, mr: { xs: 0.5, sm: 2 } }}>
          <AdminPageFrame>
            <HomeTitle />
          </AdminPageFrame>
          {signedIn && phone && <TenantSwitcher compact />}
        </Box>
        <TitlePortal
          variant="body1"
          sx={{ display: { xs: "none", md: "block" }, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" }}
        />
        <Box sx={{ flex: 1 }} />
        {signedIn && !phone && <TenantSwitcher />}
        <LoadingIndicator />
        {signedIn ? (
          <AccountMenu />
        ) : (
          <>
            <LanguageMenuButton />
            <Button color="inherit" component={RouterLink} to="/login" sx={{ whiteSpace: "nowrap" }}>
              {translate("appBar.login")}
            </Button>
          </>
        )}
      </Toolbar>
    </MuiAppBar>
  );
}
