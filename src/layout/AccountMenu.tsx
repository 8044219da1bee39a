/**
 * The signed-in user's menu in the top bar, the same on every screen width: who is signed in and
 * in which tenant, the tenant choice (super-admin), Profil, Deconectare and the language. On a
 * wide screen the button also names the user; on a phone it is an icon, so the bar fits.
 */
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useGetIdentity, useLocaleState, useLocales, useTranslate } from "react-admin";
import AccountCircleIcon from "@mui/icons-material/AccountCircle";
import ApartmentIcon from "@mui/icons-material/Apartment";
import CheckIcon from "@mui/icons-material/Check";
import LogoutIcon from "@mui/icons-material/Logout";
import PersonIcon from "@mui/icons-material/Person";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Divider from "@mui/material/Divider";
import ListItemIcon from "@mui/material/ListItemIcon";
import ListItemText from "@mui/material/ListItemText";
import ListSubheader from "@mui/material/ListSubheader";
import Menu from "@mui/material/Menu";
import MenuItem from "@mui/material/MenuItem";
import Typography from "@mui/material/Typography";
import { isSuperadmin } from "../../contract/roles";
import { useRoles } from "../common/useRoles";
import type { AppIdentity } from "../providers/authProvider";
import { TenantChoiceDialog } from "./TenantChoiceDialog";
import { useActingTenant } from "./useActingTenant";

/** Who is signed in, at the top of the menu: text, not an item to focus. */
function AccountSummary({ user, actingElsewhere }: { user: AppIdentity; actingElsewhere?: string }) {
  const translate = useTranslate();
  return (
    <Box sx={{ px: 2, pt: 1, pb: 1.5 }} data-testid="account-menu-user">
      <Typography variant="subtitle2" sx={{ overflowWrap: "anywhere" }}>
        {user.fullName}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {translate("appBar.tenant", { name: user.tenant?.name })}
      </Typography>
      {actingElsewhere && (
        <Typography variant="body2" color="warning.dark">
          {translate("tenantSwitcher.actingOn", { name: actingElsewhere })}
        </Typography>
      )}
    </Box>
  );
}
// MUI's menu moves the focus to its first item: skip this one, as it does dividers.
AccountSummary.muiSkipListHighlight = true;

export function AccountMenu() {
  const translate = useTranslate();
  const { identity, isPending } = useGetIdentity();
  const user = identity as AppIdentity | undefined;
  const acting = useActingTenant();
  const superadmin = isSuperadmin(useRoles());
  const languages = useLocales();
  const [locale, setLocale] = useLocaleState();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [choosingTenant, setChoosingTenant] = useState(false);
  const close = () => setAnchor(null);

  if (isPending) {
    return <Typography variant="body2">{translate("app.userLoading")}</Typography>;
  }

  return (
    <>
      <Button
        color="inherit"
        aria-label={translate("appBar.account")}
        aria-haspopup="menu"
        aria-controls={anchor ? "account-menu" : undefined}
        aria-expanded={anchor ? "true" : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ minWidth: 0, textTransform: "none", px: 1 }}
      >
        <AccountCircleIcon />
        {user && (
          <Typography
            variant="body2"
            component="span"
            sx={{ ml: 1, display: { xs: "none", lg: "block" }, whiteSpace: "nowrap" }}
            data-testid="appbar-user"
          >
            {user.fullName} ({user.tenant?.name})
          </Typography>
        )}
      </Button>
      <Menu
        id="account-menu"
        anchorEl={anchor}
        open={!!anchor}
        onClose={close}
        variant="menu"
        anchorOrigin={{ vertical: "bottom", horizontal: "right" }}
        transformOrigin={{ vertical: "top", horizontal: "right" }}
        slotProps={{ paper: { sx: { minWidth: 240, maxWidth: "calc(100vw - 16px)" } } }}
      >
        {user && <AccountSummary user={user} actingElsewhere={acting?.isChosen ? acting.tenant.name : undefined} />}
        <Divider />
        {superadmin && (
          <MenuItem
            onClick={() => {
              close();
              setChoosingTenant(true);
            }}
          >
            <ListItemIcon>
              <ApartmentIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate("tenantSwitcher.change")}</ListItemText>
          </MenuItem>
        )}
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("appBar.profile")}</ListItemText>
        </MenuItem>
        <MenuItem component={RouterLink} to="/logout" onClick={close}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate("appBar.logout")}</ListItemText>
        </MenuItem>
        <Divider />
        <ListSubheader sx={{ lineHeight: "32px" }}>{translate("app.language")}</ListSubheader>
        {languages.map((language) => (
          <MenuItem
            key={language.locale}
            selected={language.locale === locale}
            onClick={() => {
              setLocale(language.locale);
              close();
            }}
          >
            <ListItemIcon>{language.locale === locale && <CheckIcon fontSize="small" />}</ListItemIcon>
            <ListItemText>{language.name}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
      {choosingTenant && <TenantChoiceDialog onClose={() => setChoosingTenant(false)} />}
    </>
  );
}
