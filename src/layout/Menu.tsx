/**
 * The sidebar's content: the sections the user's roles allow. Collapsed on a wide screen it
 * shows icons only (react-admin's tooltips name them); on a small screen it is the slide-in
 * panel titled 'Menu'.
 */
import { Fragment } from "react";
import { MenuItemLink, useSidebarState, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Divider from "@mui/material/Divider";
import ListSubheader from "@mui/material/ListSubheader";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import { useRoles } from "../common/useRoles";
import { visibleSections } from "./menuSections";

export function Menu() {
  const translate = useTranslate();
  const roles = useRoles();
  const [open] = useSidebarState();
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));

  return (
    <Box component="nav" aria-label={translate("menu.title")} sx={{ pb: 2 }}>
      {isXSmall && (
        <Typography variant="h6" component="h2" sx={{ px: 2, py: 1.5 }}>
          {translate("menu.title")}
        </Typography>
      )}
      {visibleSections(roles).map((section) => (
        <Fragment key={section.title}>
          {open ? (
            <ListSubheader component="h3" sx={{ lineHeight: "36px", bgcolor: "transparent" }} data-testid="menu-section">
              {translate(section.title)}
            </ListSubheader>
          ) : (
            <Divider sx={{ my: 0.5 }} />
          )}
          {section.entries.map((entry) => (
            <MenuItemLink
              key={entry.to}
              to={entry.to}
              primaryText={translate(entry.label)}
              leftIcon={<entry.icon />}
            />
          ))}
        </Fragment>
      ))}
    </Box>
  );
}
