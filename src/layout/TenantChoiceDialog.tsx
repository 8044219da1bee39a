/**
 * The super-admin's choice of the tenant to act on: a search over all tenants (the server
 * searches name and description with `q` and answers one page, so a long list costs one page),
 * the one acted on now marked, and the way back to the user's own tenant.
 */
import { useEffect, useState } from "react";
import { useGetList, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import LinearProgress from "@mui/material/LinearProgress";
import List from "@mui/material/List";
import ListItemButton from "@mui/material/ListItemButton";
import ListItemText from "@mui/material/ListItemText";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import type { Tenant } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { session } from "../providers/session";
import { useActingTenant } from "./useActingTenant";

/** Tenants shown at once; typing narrows the list on the server. */
export const TENANT_CHOICES_SHOWN = 20;
const SEARCH_DELAY_MS = 300;

function useDebounced(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

export function TenantChoiceDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const acting = useActingTenant();
  const fullScreen = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const [typed, setTyped] = useState("");
  const q = useDebounced(typed.trim(), SEARCH_DELAY_MS);
  const { data, total, isPending, isFetching, error } = useGetList<Tenant>(
    "tenants",
    {
      pagination: { page: 1, perPage: TENANT_CHOICES_SHOWN },
      sort: { field: "name", order: "ASC" },
      filter: q ? { q } : {},
    },
    { placeholderData: (previous) => previous },
  );
  if (!acting) return null;

  const choose = (tenant: { id: number; name: string }) => {
    session.chooseTenant({ id: tenant.id, name: tenant.name });
    onClose();
  };

  return (
    <Dialog open onClose={onClose} fullScreen={fullScreen} fullWidth maxWidth="xs" aria-labelledby="tenant-choice-title">
      <DialogTitle id="tenant-choice-title">{translate("tenantSwitcher.dialogTitle")}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="tenant-choice-current">
          {translate("tenantSwitcher.actingOn", { name: acting.tenant.name })}
        </Typography>
        <TextField
          type="search"
          label={translate("tenantSwitcher.search")}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          fullWidth
          size="small"
          autoFocus
          slotProps={{ htmlInput: { maxLength: 200 } }}
        />
        <LinearProgress sx={{ mt: 1, visibility: isFetching ? "visible" : "hidden" }} />
        {error ? (
          <Alert severity="error">{errorMessage(error, translate("ra.notification.http_error"))}</Alert>
        ) : (
          <List aria-label={translate("tenantSwitcher.listLabel")} dense>
            {(data ?? []).map((tenant) => (
              <ListItemButton
                key={tenant.id}
                selected={tenant.id === acting.tenant.id}
                aria-current={tenant.id === acting.tenant.id ? "true" : undefined}
                onClick={() => choose(tenant)}
              >
                <ListItemText
                  primary={tenant.id === acting.own.id ? translate("tenantSwitcher.ownName", { name: tenant.name }) : tenant.name}
                  secondary={tenant.description || undefined}
                />
              </ListItemButton>
            ))}
          </List>
        )}
        {!isPending && !error && data?.length === 0 && (
          <Typography variant="body2" color="text.secondary">
            {translate("tenantSwitcher.noMatch")}
          </Typography>
        )}
        {!error && data && total !== undefined && total > data.length && (
          <Typography variant="body2" color="text.secondary">
            {translate("tenantSwitcher.more", { shown: data.length, total })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap" }}>
        {acting.isChosen && (
          <Button onClick={() => choose(acting.own)}>{translate("tenantSwitcher.backToOwn", { name: acting.own.name })}</Button>
        )}
        <Button onClick={onClose}>{translate("ra.action.cancel")}</Button>
      </DialogActions>
    </Dialog>
  );
}
