/**
 * The top bar: title; signed in, the user's name with the tenant and the Profile and Logout
 * links, plus the sidebar toggle; signed out, the Login link; 'Loading' while the user loads.
 */
import { Link as RouterLink } from "react-router-dom";
import {
  LoadingIndicator,
  LocalesMenuButton,
  SidebarToggleButton,
  TitlePortal,
  useGetIdentity,
  useTranslate,
} from "react-admin";
import MuiAppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { useSession } from "../common/useSession";
import type { AppIdentity } from "../providers/authProvider";

function UserLinks() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  if (isPending) {
    return <Typography variant="body2">{translate("app.userLoading")}</Typography>;
  }
  const user = identity as AppIdentity | undefined;
  return (
    <>
      {user && (
        <Typography variant="body2" sx={{ mx: 1, display: { xs: "none", sm: "block" } }} data-testid="appbar-user">
          {user.fullName} ({user.tenant?.name})
        </Typography>
      )}
      <Button color="inherit" component={RouterLink} to="/profile">
        {translate("appBar.profile")}
      </Button>
      <Button color="inherit" component={RouterLink} to="/logout">
        {translate("appBar.logout")}
      </Button>
    </>
  );
}

export function AppBar() {
  const translate = useTranslate();
  const signedIn = !!useSession();
  return (
    <MuiAppBar position="fixed" color="primary">
      <Toolbar variant="dense" sx={{ gap: 0.5 }}>
        {signedIn && <SidebarToggleButton />}
        <Typography
          component={RouterLink}
          to="/"
          variant="h6"
          sx={{ color: "inherit", textDecoration: "none", whiteSpace: "nowrap", mr: 2 }}
        >
          {translate("app.title")}
        </Typography>
        <TitlePortal variant="body1" sx={{ display: { xs: "none", md: "block" } }} />
        <Box sx={{ flex: 1 }} />
        <LoadingIndicator />
        <LocalesMenuButton />
        {signedIn ? (
          <UserLinks />
        ) : (
          <Button color="inherit" component={RouterLink} to="/login">
            {translate("appBar.login")}
          </Button>
        )}
      </Toolbar>
    </MuiAppBar>
  );
}
