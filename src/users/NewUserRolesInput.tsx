/**
 * The roles of a user being added: what the caller may grant (GET /role/available) that the
 * chosen company takes, as checkboxes with what each allows. The form's `roles` value; at least
 * one is asked for by the dialog's validation, so nobody is added who can do nothing.
 */
import { InputHelperText, useDataProvider, useInput, useTranslate } from "react-admin";
import { useWatch } from "react-hook-form";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import { type RoleName, rolesForTenant } from "../../contract/roles";
import type { AppDataProvider } from "../providers/customMethods";
import { RoleChoices } from "./RoleChoices";

function useGrantableRoles() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ["users", "availableRoles"],
    queryFn: ({ signal }) => dataProvider.availableRoles(signal),
    retry: false,
  });
}

export function NewUserRolesInput() {
  const translate = useTranslate();
  const grantable = useGrantableRoles();
  const tenantId = useWatch({ name: "tenantId" });
  const { field, fieldState } = useInput({ source: "roles", defaultValue: [] });
  if (grantable.isError) return <Alert severity="error">{translate("roles.availableError")}</Alert>;
  const offered = rolesForTenant(Number(tenantId) || 0, grantable.data ?? []);
  // A role ticked for one company and not taken by the one chosen since is not kept.
  const value: RoleName[] = field.value ?? [];
  const checked = new Set(value.filter((role) => offered.includes(role)));
  const toggle = (role: RoleName) => {
    const next = new Set(checked);
    if (next.has(role)) next.delete(role);
    else next.add(role);
    field.onChange(offered.filter((each) => next.has(each)));
    field.onBlur();
  };
  const error = fieldState.invalid ? fieldState.error?.message : undefined;
  // react-admin's error may be a key or { message, args }: its own helper text translates both.
  return (
    <RoleChoices
      id="new-user-roles"
      legend={translate("resources.users.fields.roles")}
      roles={offered}
      checked={checked}
      onToggle={toggle}
      error={!!error}
      helperText={<InputHelperText error={error} helperText={translate("resources.users.rolesHint")} />}
    />
  );
}
