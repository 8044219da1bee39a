/**
 * The add-or-update form under the warehouse list: empty to add one, filled with the warehouse
 * being edited to update it. Name and type are both required ('Completati numele si tipul
 * depozitului.'); a refusal keeps what was typed and says why.
 */
import { useState } from "react";
import { Form, ResourceContextProvider, SelectInput, TextInput, useCreate, useNotify, useTranslate, useUpdate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { WAREHOUSE_TYPES, type Warehouse, type WarehouseType } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";

/** The name field's id: the empty list's 'Adaugă depozit' focuses it. */
export const WAREHOUSE_NAME_INPUT_ID = "warehouse-name";

const TYPE_LABELS: Record<WarehouseType, string> = {
  "en gros": "warehouses.types.enGros",
  "en detail": "warehouses.types.enDetail",
};
const TYPE_CHOICES = WAREHOUSE_TYPES.map((type) => ({ id: type, name: TYPE_LABELS[type] }));

interface Props {
  editing: Warehouse | null;
  onDone: () => void;
}

export function WarehouseForm({ editing, onDone }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const [create] = useCreate<Warehouse>();
  const [update] = useUpdate<Warehouse>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Partial<Warehouse>) => {
    const data = { warehouseName: values.warehouseName?.trim() ?? "", warehouseType: values.warehouseType ?? "" };
    if (!data.warehouseName || !data.warehouseType) {
      setError(translate("warehouses.required"));
      return;
    }
    setError(null);
    try {
      if (editing) {
        await update("warehouses", { id: editing.id, data, previousData: editing }, { returnPromise: true });
      } else {
        await create("warehouses", { data }, { returnPromise: true });
      }
      notify(translate(editing ? "warehouses.updated" : "warehouses.created"), { type: "success" });
      onDone();
    } catch (failure) {
      const prefix = translate(editing ? "warehouses.updateError" : "warehouses.addError");
      setError(`${prefix} ${errorMessage(failure, "")}`.trim());
    }
  };

  return (
    <Paper sx={{ p: 2, mt: 2, maxWidth: 640 }} component="section" aria-labelledby="warehouse-form-title">
      <Typography variant="h6" component="h2" id="warehouse-form-title" gutterBottom>
        {editing ? translate("warehouses.formEdit", { id: editing.id }) : translate("warehouses.formAdd")}
      </Typography>
      {/* A new key per edited warehouse resets the form to that warehouse's values. */}
      {/* Its inputs are labelled with the warehouses' field names (resources.warehouses.fields). */}
      <ResourceContextProvider value="warehouses">
        <Form key={editing?.id ?? "new"} record={editing ?? undefined} onSubmit={submit} noValidate>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <TextInput
            id={WAREHOUSE_NAME_INPUT_ID}
            source="warehouseName"
            fullWidth
          />
          <SelectInput
            source="warehouseType"
            choices={TYPE_CHOICES}
            fullWidth
          />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained">
              {translate(editing ? "warehouses.update" : "warehouses.add")}
            </Button>
            {editing && <Button onClick={onDone}>{translate("warehouses.cancelEdit")}</Button>}
          </Stack>
        </Form>
      </ResourceContextProvider>
    </Paper>
  );
}
