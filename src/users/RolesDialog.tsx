/**
 * 'Manage Roles for {email}': every role the caller may grant, plus the user's current ones, as
 * checkboxes; saving replaces the user's set. A role the caller may not grant stays as it is,
 * shown but locked (the server refuses such a change anyway).
 */
import { useState } from "react";
import { useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import Tooltip from "@mui/material/Tooltip";
import type { User } from "../../contract/api";
import { ROLES, type RoleName } from "../../contract/roles";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";

export function RolesDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  // A dialog says at once what it cannot read: no retries.
  const availableQuery = useQuery({
    queryKey: ["users", "availableRoles"],
    queryFn: ({ signal }) => dataProvider.availableRoles(signal),
    retry: false,
  });
  const assignedQuery = useQuery({
    queryKey: ["users", "assignedRoles", user.id],
    queryFn: ({ signal }) => dataProvider.assignedRoles(user.id, signal),
    retry: false,
    gcTime: 0, // read afresh each time the dialog opens
  });
  const available = availableQuery.data ?? null;
  const [edited, setEdited] = useState<Set<RoleName> | null>(null);
  const checked = edited ?? (assignedQuery.data ? new Set(assignedQuery.data) : null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const error =
    saveError ??
    (availableQuery.isError
      ? translate("roles.availableError")
      : assignedQuery.isError
        ? translate("roles.assignedError")
        : null);

  const shown = ROLES.filter((role) => available?.includes(role) || checked?.has(role));
  const toggle = (role: RoleName) =>
    setEdited((old) => {
      const next = new Set(old ?? checked);
      if (next.has(role)) next.delete(role);
      else next.add(role);
      return next;
    });

  const save = async () => {
    if (!checked) return;
    setSaving(true);
    setSaveError(null);
    try {
      await dataProvider.assignRoles(user.id, ROLES.filter((role) => checked.has(role)));
      notify(translate("roles.saved"), { type: "success" });
      refresh();
      onClose();
    } catch (failure) {
      const reason = errorMessage(failure, "");
      setSaveError(reason ? `${translate("roles.saveError")} ${reason}` : translate("roles.saveError"));
      setSaving(false);
    }
  };

  const loading = (available === null || checked === null) && !error;
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="roles-dialog-title">
      <DialogTitle id="roles-dialog-title">{translate("roles.title", { email: user.email })}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" sx={{ mb: 1 }}>
            {error}
          </Alert>
        )}
        {loading ? (
          <CircularProgress size={24} />
        ) : (
          <FormGroup>
            {shown.map((role) => {
              const grantable = !!available?.includes(role);
              const box = (
                <FormControlLabel
                  key={role}
                  label={role}
                  disabled={!grantable}
                  control={<Checkbox checked={!!checked?.has(role)} onChange={() => toggle(role)} />}
                />
              );
              return grantable ? (
                box
              ) : (
                <Tooltip key={role} title={translate("roles.notGrantable")}>
                  <span>{box}</span>
                </Tooltip>
              );
            })}
          </FormGroup>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate("roles.cancel")}</Button>
        <Button variant="contained" onClick={save} disabled={!checked || !available || saving}>
          {translate("roles.save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
