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
      title={translate(tenant ? "resources.tenants.edit" : "resources.tenants.add")}
      successMessage={translate(tenant ? "resources.tenants.updated" : "resources.tenants.created")}
      onClose={onClose}
      transform={({ name, description }) => ({ name: (name ?? "").trim(), description: description?.trim() || null })}
      validate={({ name }) => (!name?.trim() ? { name: "resources.tenants.nameRequired" } : {})}
    >
      <TextInput source="name" autoFocus fullWidth />
      <TextInput source="description" multiline fullWidth />
    </FormDialog>
  );
}
