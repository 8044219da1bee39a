/**
 * 'Configurare parametrii' (admin or super-admin): the tenant's settings, name and value, with
 * add, edit and delete. Secret values (password, token, secret) show only their first and last
 * character; the server masks them before they leave it.
 */
import { useState } from "react";
import { Button as RaButton, FunctionField, TextField, useRecordContext, useTranslate } from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import Stack from "@mui/material/Stack";
import type { Property } from "../../contract/api";
import { maskSecret } from "../../contract/maskSecret";
import { ConfirmDeleteButton } from "../common/ConfirmDeleteButton";
import { ResourceList } from "../common/ResourceList";
import { PropertyDialog } from "./PropertyDialog";

type PropertyRecord = Property & { id: string };

// `label` is read by the Datagrid for the column header.
function PropertyActions({ onEdit }: { onEdit: (property: PropertyRecord) => void; label?: string }) {
  const property = useRecordContext<PropertyRecord>();
  const translate = useTranslate();
  if (!property) return null;
  return (
    <Stack direction="row" spacing={1}>
      <RaButton label="ra.action.edit" onClick={() => onEdit(property)}>
        <EditIcon />
      </RaButton>
      <ConfirmDeleteButton
        title={translate("resources.properties.deleteTitle", { name: property.name })}
        content={translate("resources.properties.deleteContent")}
        successMessage={translate("resources.properties.deleted")}
      />
    </Stack>
  );
}

export function PropertyList() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<{ property?: PropertyRecord } | null>(null);
  const add = () => setEditing({});
  return (
    <ResourceList
      resource="properties"
      sort={{ field: "name", order: "ASC" }}
      perPage={50}
      actions={
        <RaButton label={translate("resources.properties.add")} onClick={add}>
          <AddIcon />
        </RaButton>
      }
      empty={{ label: translate("resources.properties.add"), icon: <AddIcon />, onClick: add }}
      after={editing && <PropertyDialog property={editing.property} onClose={() => setEditing(null)} />}
    >
      <TextField source="name" />
      <FunctionField<PropertyRecord>
        source="value"
        render={(property) => <span data-testid="property-value">{maskSecret(property.name, property.value)}</span>}
      />
      <PropertyActions label={translate("lists.actions")} onEdit={(property) => setEditing({ property })} />
    </ResourceList>
  );
}
