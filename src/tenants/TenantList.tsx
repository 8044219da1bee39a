/**
 * Tenants management (super-admin only): #, Name, Description, Created, Updated, Actions; add and
 * edit in a modal; delete after confirmation; tenant 1 (system) shows no actions.
 */
import { useState } from "react";
import { TextField, useRecordContext, useTranslate, Button as RaButton } from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import Stack from "@mui/material/Stack";
import { PROTECTED_MAX_ID } from "../../contract/constants";
import type { Tenant } from "../../contract/api";
import { ConfirmDeleteButton } from "../common/ConfirmDeleteButton";
import { ResourceList } from "../common/ResourceList";
import { RoDateField } from "../common/RoDateField";
import { TenantDialog } from "./TenantDialog";

type Editing = { tenant?: Tenant } | null;

// `label` is read by the Datagrid for the column header.
function TenantActions({ onEdit }: { onEdit: (tenant: Tenant) => void; label?: string }) {
  const tenant = useRecordContext<Tenant>();
  const translate = useTranslate();
  if (!tenant || tenant.id <= PROTECTED_MAX_ID) return null;
  return (
    <Stack direction="row" spacing={1}>
      <RaButton label="ra.action.edit" onClick={() => onEdit(tenant)}>
        <EditIcon />
      </RaButton>
      <ConfirmDeleteButton
        title={translate("resources.tenants.deleteTitle", { name: tenant.name })}
        content={translate("resources.tenants.deleteContent")}
        successMessage={translate("resources.tenants.deleted")}
      />
    </Stack>
  );
}

export function TenantList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<Editing>(null);
  const add = () => setEditing({});
  return (
    <ResourceList
      resource="tenants"
      sort={{ field: "id", order: "ASC" }}
      actions={
        <RaButton label={translate("resources.tenants.add")} onClick={add}>
          <AddIcon />
        </RaButton>
      }
      empty={{ label: translate("resources.tenants.emptyAction"), icon: <AddIcon />, onClick: add }}
      after={editing && <TenantDialog tenant={editing.tenant} onClose={() => setEditing(null)} />}
    >
      <TextField source="id" />
      <TextField source="name" />
      <TextField source="description" emptyText="-" />
      <RoDateField source="createdAt" />
      <RoDateField source="updatedAt" />
      <TenantActions onEdit={(tenant) => setEditing({ tenant })} label={translate("lists.actions")} />
    </ResourceList>
  );
}
