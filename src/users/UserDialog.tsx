/**
 * 'Adaugă utilizator' / 'Editează utilizatorul': email and company, and for a new user the roles
 * (at least one). A super-admin picks any company; an admin works only in the admin's own, so
 * that is the only choice offered (the server enforces it too). Roles are changed afterwards in
 * the roles dialog, not here.
 */
import { SelectInput, TextInput, useGetList, useTranslate } from "react-admin";
import type { User } from "../../contract/api";
import { isEmailAddress } from "../../contract/emailAddress";
import { type RoleName, rolesForTenant } from "../../contract/roles";
import { FormDialog } from "../common/FormDialog";
import { useRoles } from "../common/useRoles";
import { useSession } from "../common/useSession";
import { canAccess } from "../providers/canAccess";
import { NewUserRolesInput } from "./NewUserRolesInput";

interface Props {
  user?: User;
  onClose: () => void;
  onCreated?: (user: User) => void;
}

type UserFormValues = User & { tenantId?: number; roles?: RoleName[] };

/** The ticked roles the chosen company takes (a role ticked for another company is dropped). */
const rolesFor = (values: { tenantId?: unknown; roles?: RoleName[] }) =>
  rolesForTenant(Number(values.tenantId) || 0, values.roles ?? []);

export function UserDialog({ user, onClose, onCreated }: Props) {
  const translate = useTranslate();
  const current = useSession();
  const seesAllTenants = canAccess(useRoles(), "tenants");
  const { data: tenants } = useGetList(
    "tenants",
    { pagination: { page: 1, perPage: 500 }, sort: { field: "name", order: "ASC" } },
    { enabled: seesAllTenants },
  );
  const choices = seesAllTenants ? (tenants ?? []) : current ? [current.tenant] : [];
  const adding = !user;

  return (
    <FormDialog<UserFormValues>
      resource="users"
      record={user && { ...user, tenantId: user.tenant.id }}
      defaultValues={seesAllTenants ? undefined : { tenantId: current?.tenant.id }}
      title={translate(user ? "resources.users.edit" : "resources.users.add")}
      successMessage={translate(user ? "resources.users.updated" : "resources.users.created")}
      onClose={onClose}
      onSaved={user ? undefined : onCreated}
      transform={(values) => ({
        email: (values.email ?? "").trim(),
        tenantId: Number(values.tenantId),
        ...(adding ? { roles: rolesFor(values) } : {}),
      })}
      validate={(values) => {
        const email = values.email?.trim();
        return {
          ...(!email ? { email: "resources.users.emailRequired" } : !isEmailAddress(email) ? { email: "resources.users.emailInvalid" } : {}),
          ...(!values.tenantId || Number(values.tenantId) === 0 ? { tenantId: "resources.users.tenantRequired" } : {}),
          ...(adding && rolesFor(values).length === 0 ? { roles: "resources.users.rolesRequired" } : {}),
        };
      }}
    >
      <TextInput source="email" type="email" autoFocus fullWidth />
      <SelectInput
        source="tenantId"
        label="resources.users.fields.tenant"
        choices={choices}
        optionText="name"
        optionValue="id"
        emptyText={translate("resources.users.selectTenant")}
        emptyValue={0}
        fullWidth
      />
      {adding && <NewUserRolesInput />}
    </FormDialog>
  );
}
