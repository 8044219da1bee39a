/** 'Add Tenant' / 'Edit Tenant': name (required, unique on the server) and description. */
import { TextInput, useTranslate } from "react-admin";
import type { Tenant } from "../../contract/api";
import { FormDialog } from "../common/FormDialog";

export function TenantDialog({ tenant, onClose }: { tenant?: Tenant; onClose: () => void }) {
  const translate = useTranslate();
  return (
    <FormDialog<Tenant>
      resource="tenants"
      record={tenant}
      title={translate(tenant ? "tenants.edit" : "tenants.add")}
      successMessage={translate(tenant ? "tenants.updated" : "tenants.created")}
      onClose={onClose}
      transform={({ name, description }) => ({ name: (name ?? "").trim(), description: description?.trim() || null })}
      validate={({ name }) => (!name?.trim() ? { name: "tenants.nameRequired" } : {})}
    >
      <TextInput source="name" autoFocus fullWidth />
      <TextInput source="description" multiline fullWidth />
    </FormDialog>
  );
}
