/**
 * A figure of the home as a link to the list of what it counts. Its name for a screen reader says
 * what the figure is, its value and where it leads ('Facturat luna aceasta: 121,00 RON. Deschide
 * lista'), not the bare amount, which would repeat from card to card.
 */
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { useTranslate } from "react-admin";
import Link from "@mui/material/Link";
import type { SxProps, Theme } from "@mui/material/styles";

export function FigureLink({ to, what, value, children, sx }: { to: string; what: string; value: string; children?: ReactNode; sx?: SxProps<Theme> }) {
  const translate = useTranslate();
  return (
    <Link component={RouterLink} to={to} aria-label={translate("home.dashboard.open", { what, value })} underline="hover" sx={sx}>
      {children ?? value}
    </Link>
  );
}
