/**
 * 'Add User' / 'Edit User': email and tenant. A super-admin picks any tenant; an admin works only
 * in the admin's own tenant, so that is the only choice offered (the server enforces it too).
 */
import { SelectInput, TextInput, useGetList, useTranslate } from "react-admin";
import type { User } from "../../contract/api";
import { FormDialog } from "../common/FormDialog";
import { useRoles } from "../common/useRoles";
import { useSession } from "../common/useSession";
import { canAccess } from "../providers/canAccess";

interface Props {
  user?: User;
  onClose: () => void;
  onCreated?: (user: User) => void;
}

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

  return (
    <FormDialog<User & { tenantId?: number }>
      resource="users"
      record={user && { ...user, tenantId: user.tenant.id }}
      defaultValues={seesAllTenants ? undefined : { tenantId: current?.tenant.id }}
      title={translate(user ? "users.edit" : "users.add")}
      successMessage={translate(user ? "users.updated" : "users.created")}
      onClose={onClose}
      onSaved={user ? undefined : onCreated}
      transform={({ email, tenantId }) => ({ email: (email ?? "").trim(), tenantId: Number(tenantId) })}
      validate={({ email, tenantId }) => ({
        ...(!email?.trim() ? { email: "users.emailRequired" } : {}),
        ...(!tenantId || Number(tenantId) === 0 ? { tenantId: "users.tenantRequired" } : {}),
      })}
    >
      <TextInput source="email" type="email" autoFocus fullWidth />
      <SelectInput
        source="tenantId"
        label="resources.users.fields.tenant"
        choices={choices}
        optionText="name"
        optionValue="id"
        emptyText={translate("users.selectTenant")}
        emptyValue={0}
        fullWidth
      />
    </FormDialog>
  );
}
