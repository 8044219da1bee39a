/**
 * What a list shows while it holds nothing yet: what it would hold, what to do next, and a button
 * that does it, the same action as the list's toolbar button or menu entry. A new company meets
 * these first, so no list is a dead end.
 *
 * react-admin's own empty page replaces the whole list, toolbar included (a new tenant's settings
 * screen then had no 'Adaugă setare'), so lists turn it off (`empty={false}` on <List>) and put
 * this in their Datagrid's `empty` slot, under the toolbar. While filters are set, an empty page
 * means "nothing matches", not "nothing yet": react-admin's no-results line shows instead.
 *
 * The words are `resources.<name>.empty` and `resources.<name>.invite`, react-admin's own keys for
 * an empty list. The next step shows only to a user who may go where it leads (the role matrix).
 */
import type { ReactElement } from "react";
import { Link as RouterLink } from "react-router-dom";
import { ListNoResults, useListContext, useResourceContext, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { ResourceName } from "../../contract/roles";
import { canAccess } from "../providers/canAccess";
import { useRoles } from "./useRoles";

type NextStep = { to: string; onClick?: never } | { onClick: () => void; to?: never };

export type ListEmptyProps = NextStep & {
  /** the button's words, translated */
  label: string;
  icon: ReactElement;
  /** the resource the button leads to when it is not the list's own (its role matrix row decides) */
  target?: ResourceName;
};

export function ListEmpty({ label, icon, to, onClick, target }: ListEmptyProps) {
  const translate = useTranslate();
  const resource = useResourceContext() ?? "";
  const { filterValues } = useListContext();
  const roles = useRoles();
  if (filterValues && Object.keys(filterValues).length > 0) return <ListNoResults />;
  const allowed = canAccess(roles, target ?? resource);
  const button = to ? (
    <Button variant="contained" startIcon={icon} component={RouterLink} to={to}>
      {label}
    </Button>
  ) : (
    <Button variant="contained" startIcon={icon} onClick={onClick}>
      {label}
    </Button>
  );
  return (
    <Box sx={{ px: 2, py: 4, textAlign: "center" }} data-testid="list-empty">
      <Typography variant="h6" component="p" gutterBottom>
        {translate(`resources.${resource}.empty`)}
      </Typography>
      {allowed && (
        <>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {translate(`resources.${resource}.invite`)}
          </Typography>
          {button}
        </>
      )}
    </Box>
  );
}
