/**
 * 'Manage Roles for {email}': every role the caller may grant, plus the user's current ones, as
 * checkboxes; saving replaces the user's set. A role the caller may not grant stays as it is,
 * shown but locked (the server refuses such a change anyway).
 */
import { useEffect, useState } from "react";
import { useNotify, useRefresh, useTranslate } from "react-admin";
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
import { assignRoles, fetchAssignedRoles, fetchAvailableRoles } from "./usersApi";

export function RolesDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [available, setAvailable] = useState<RoleName[] | null>(null);
  const [checked, setChecked] = useState<Set<RoleName> | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    fetchAvailableRoles()
      .then((roles) => live && setAvailable(roles))
      .catch(() => live && setError(translate("roles.availableError")));
    fetchAssignedRoles(user.id)
      .then((roles) => live && setChecked(new Set(roles)))
      .catch(() => live && setError(translate("roles.assignedError")));
    return () => {
      live = false;
    };
  }, [user.id, translate]);

  const shown = ROLES.filter((role) => available?.includes(role) || checked?.has(role));
  const toggle = (role: RoleName) =>
    setChecked((old) => {
      const next = new Set(old);
      if (next.has(role)) next.delete(role);
      else next.add(role);
      return next;
    });

  const save = async () => {
    if (!checked) return;
    setSaving(true);
    setError(null);
    try {
      await assignRoles(user.id, ROLES.filter((role) => checked.has(role)));
      notify(translate("roles.saved"), { type: "success" });
      refresh();
      onClose();
    } catch (failure) {
      const reason = errorMessage(failure, "");
      setError(reason ? `${translate("roles.saveError")} ${reason}` : translate("roles.saveError"));
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
