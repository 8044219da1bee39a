/**
 * The add-or-update form under the warehouse list: empty to add one, filled with the warehouse
 * being edited to update it, and empty again after an add. Name and type are both required
 * ('Completați numele și tipul depozitului.'); a refusal keeps what was typed and says why.
 *
 * The name is offered from SmartBill's warehouses (the stock import finds a warehouse by its exact
 * name there). A name SmartBill does not know may still be saved — a warehouse can be set up here
 * before SmartBill has it — but only after the clerk confirms it, knowing the import will find
 * nothing until then. The type says what each of SmartBill's two kinds means.
 */
import { useState } from "react";
import { Confirm, Form, ResourceContextProvider, SelectInput, useCreate, useNotify, useTranslate, useUpdate } from "react-admin";
import { useWatch } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { WAREHOUSE_TYPES, type Warehouse, type WarehouseInput, type WarehouseType } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { SmartBillWarehouseNameInput } from "./SmartBillWarehouseNameInput";
import { checkName, type SmartBillWarehouse, useSmartBillWarehouses } from "./useSmartBillWarehouses";

/** The name field's id: the empty list's 'Adaugă depozit' focuses it. */
export const WAREHOUSE_NAME_INPUT_ID = "warehouse-name";

const TYPE_LABELS: Record<WarehouseType, string> = {
  "en gros": "resources.warehouses.types.enGros",
  "en detail": "resources.warehouses.types.enDetail",
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
  /** A name SmartBill does not know, waiting for the clerk's word. */
  const [unconfirmed, setUnconfirmed] = useState<WarehouseInput | null>(null);
  /** Bumped after an add: a new form, empty. */
  const [added, setAdded] = useState(0);
  const smartBill = useSmartBillWarehouses();

  const save = async (data: WarehouseInput) => {
    setError(null);
    try {
      if (editing) {
        await update("warehouses", { id: editing.id, data, previousData: editing }, { returnPromise: true });
      } else {
        await create("warehouses", { data }, { returnPromise: true });
      }
      const saved = translate(editing ? "resources.warehouses.updated" : "resources.warehouses.created");
      // Sentences already translated: shown as they are.
      if (checkName(data.warehouseName, smartBill.data?.warehouses).state === "known" || !smartBill.data) {
        notify(saved, { type: "success", messageArgs: { _: saved } });
      } else {
        const warned = `${saved} ${translate("resources.warehouses.smartBill.savedUnknown")}`;
        notify(warned, { type: "warning", messageArgs: { _: warned } });
      }
      if (!editing) setAdded((count) => count + 1);
      onDone();
    } catch (failure) {
      const prefix = translate(editing ? "resources.warehouses.updateError" : "resources.warehouses.addError");
      setError(`${prefix} ${errorMessage(failure, "")}`.trim());
    }
  };

  const submit = async (values: Partial<Warehouse>) => {
    const data = { warehouseName: values.warehouseName?.trim() ?? "", warehouseType: values.warehouseType ?? "" };
    if (!data.warehouseName || !data.warehouseType) {
      setError(translate("resources.warehouses.required"));
      return;
    }
    const input = data as WarehouseInput;
    // Only when SmartBill's list was read: without it there is nothing to hold the name against.
    const state = checkName(input.warehouseName, smartBill.data?.warehouses).state;
    if (state === "unknown" || state === "otherCase") {
      setError(null);
      setUnconfirmed(input);
      return;
    }
    await save(input);
  };

  return (
    <Paper sx={{ p: 2, mt: 2, maxWidth: 640 }} component="section" aria-labelledby="warehouse-form-title">
      <Typography variant="h6" component="h2" id="warehouse-form-title" gutterBottom>
        {editing ? translate("resources.warehouses.formEdit", { id: editing.id }) : translate("resources.warehouses.formAdd")}
      </Typography>
      {/* A new key per edited warehouse, and after each add, resets the form to its values. */}
      {/* Its inputs are labelled with the warehouses' field names (resources.warehouses.fields). */}
      <ResourceContextProvider value="warehouses">
        <Form key={editing ? `edit-${editing.id}` : `new-${added}`} record={editing ?? undefined} onSubmit={submit} noValidate>
          {error && (
            <Alert severity="error" sx={{ mb: 2 }}>
              {error}
            </Alert>
          )}
          <SmartBillWarehouseNameInput
            id={WAREHOUSE_NAME_INPUT_ID}
            warehouses={smartBill.data?.warehouses}
            loading={smartBill.isPending && smartBill.fetchStatus === "fetching"}
            failure={smartBill.error}
          />
          <WarehouseTypeInput warehouses={smartBill.data?.warehouses} />
          <Stack direction="row" spacing={1}>
            <Button type="submit" variant="contained">
              {translate(editing ? "resources.warehouses.update" : "resources.warehouses.add")}
            </Button>
            {editing && <Button onClick={onDone}>{translate("resources.warehouses.cancelEdit")}</Button>}
          </Stack>
        </Form>
      </ResourceContextProvider>
      <Confirm
        isOpen={unconfirmed !== null}
        title="resources.warehouses.smartBill.confirmTitle"
        content={unconfirmed ? confirmContent(unconfirmed, smartBill.data?.warehouses, translate) : ""}
        confirm={editing ? "resources.warehouses.smartBill.confirmUpdate" : "resources.warehouses.smartBill.confirmAdd"}
        cancel="ra.action.cancel"
        onConfirm={() => {
          const input = unconfirmed;
          setUnconfirmed(null);
          if (input) void save(input);
        }}
        onClose={() => setUnconfirmed(null)}
      />
    </Paper>
  );
}

function confirmContent(
  input: WarehouseInput,
  warehouses: readonly SmartBillWarehouse[] | undefined,
  translate: ReturnType<typeof useTranslate>,
): string {
  const check = checkName(input.warehouseName, warehouses);
  if (check.state === "otherCase") {
    return translate("resources.warehouses.smartBill.confirmOtherCase", { name: input.warehouseName, smartBillName: check.warehouse.warehouseName });
  }
  return translate("resources.warehouses.smartBill.confirmUnknown", { name: input.warehouseName });
}

/** The type, with what SmartBill's two kinds mean, and SmartBill's own type of a warehouse it knows. */
function WarehouseTypeInput({ warehouses }: { warehouses: readonly SmartBillWarehouse[] | undefined }) {
  const translate = useTranslate();
  const [name, type] = useWatch({ name: ["warehouseName", "warehouseType"] }) as [string | undefined, string | undefined];
  const check = checkName(name, warehouses);
  const smartBillType = check.state === "known" ? check.warehouse.warehouseType : undefined;
  const differs = !!smartBillType && !!type && smartBillType !== type;
  return (
    <SelectInput
      source="warehouseType"
      choices={TYPE_CHOICES}
      fullWidth
      helperText={
        differs ? (
          <Typography component="span" variant="caption" sx={{ color: "warning.dark" }}>
            {translate("resources.warehouses.typeDiffers", { type: smartBillType })}
          </Typography>
        ) : (
          translate("resources.warehouses.typeHelp")
        )
      }
    />
  );
}
