/**
 * The user's roles ('Rolurile utilizatorului {email}'): every role the caller may grant that the
 * user's company takes, plus the user's current ones, as checkboxes with their names and what
 * each allows; saving replaces the user's set. A role the caller may not grant stays as it is,
 * shown but locked (the server refuses such a change anyway). A company's user is never offered
 * the super-admin's role: that belongs to the system tenant's users only.
 */
import { useState } from "react";
import { useDataProvider, useNotify, useRefresh, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import type { User } from "../../contract/api";
import { ROLES, type RoleName, rolesForTenant } from "../../contract/roles";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";
import { RoleChoices } from "./RoleChoices";

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

  const offered = rolesForTenant(user.tenant.id, available ?? []);
  const shown = ROLES.filter((role) => offered.includes(role) || checked?.has(role));
  const locked = new Set(shown.filter((role) => !available?.includes(role)));
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
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="roles-dialog-title">
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
          <RoleChoices
            id="roles-dialog"
            roles={shown}
            checked={checked ?? new Set()}
            onToggle={toggle}
            locked={{ roles: locked, reason: translate("roles.notGrantable") }}
          />
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
