/**
 * 'Management Depozite': the tenant's warehouses (id, name, type, edit, delete) and, below, the
 * add-or-update form. The names must match SmartBill's warehouses: stock is imported by name, so
 * the list points out a name SmartBill does not know, and the form offers SmartBill's own.
 */
import { useState } from "react";
import { Button as RaButton, TextField, useRecordContext, useTranslate } from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import EditIcon from "@mui/icons-material/Edit";
import Stack from "@mui/material/Stack";
import type { Warehouse } from "../../contract/api";
import { ConfirmDeleteButton } from "../common/ConfirmDeleteButton";
import { ResourceList } from "../common/ResourceList";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { WarehouseNameCheckedField } from "./WarehouseNameCheckedField";
import { WAREHOUSE_NAME_INPUT_ID, WarehouseForm } from "./WarehouseForm";

// `label` is read by the Datagrid for the column header.
function WarehouseActions({ onEdit }: { onEdit: (warehouse: Warehouse) => void; label?: string }) {
  const warehouse = useRecordContext<Warehouse>();
  const translate = useTranslate();
  if (!warehouse) return null;
  return (
    <Stack direction="row" spacing={1}>
      <RaButton label="ra.action.edit" onClick={() => onEdit(warehouse)}>
        <EditIcon />
      </RaButton>
      <ConfirmDeleteButton
        title={translate("resources.warehouses.deleteTitle", { name: warehouse.warehouseName })}
        content={translate("resources.warehouses.deleteContent")}
        successMessage={translate("resources.warehouses.deleted")}
        errorPrefix={translate("resources.warehouses.deleteError")}
      />
    </Stack>
  );
}

export function WarehouseScreen() {
  const translate = useTranslate();
  const [editing, setEditing] = useState<Warehouse | null>(null);
  // The add form is always there, under the list: the next step is its first field.
  const add = () => document.getElementById(WAREHOUSE_NAME_INPUT_ID)?.focus();
  return (
    <ResourceList
      resource="warehouses"
      sort={{ field: "id", order: "ASC" }}
      perPage={50}
      actions={false}
      before={<SmartBillConnectionNotice />}
      empty={{ label: translate("resources.warehouses.emptyAction"), icon: <AddIcon />, onClick: add }}
      after={<WarehouseForm editing={editing} onDone={() => setEditing(null)} />}
    >
      <TextField source="id" />
      <WarehouseNameCheckedField source="warehouseName" />
      <TextField source="warehouseType" />
      <WarehouseActions label={translate("lists.actions")} onEdit={setEditing} />
    </ResourceList>
  );
}
