/**
 * The warehouse's name, offered from SmartBill's own warehouses (still free text: a warehouse may
 * be set up here before SmartBill has it). Picking one of SmartBill's also sets its type (typing
 * one out in full fills an empty type). Under
 * the field, what the name means for the stock import: found in SmartBill, spelled otherwise
 * there, unknown to it (the import will find nothing), or why SmartBill could not be asked.
 */
import { useInput, useTranslate } from "react-admin";
import { useFormContext } from "react-hook-form";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { WAREHOUSE_TYPES, type WarehouseType } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { checkName, type SmartBillWarehouse } from "./useSmartBillWarehouses";

interface Props {
  id: string;
  warehouses: readonly SmartBillWarehouse[] | undefined;
  loading: boolean;
  /** Why SmartBill's warehouses could not be read. */
  failure: unknown;
}

const isWarehouseType = (value: string): value is WarehouseType => (WAREHOUSE_TYPES as readonly string[]).includes(value);

export function SmartBillWarehouseNameInput({ id, warehouses, loading, failure }: Props) {
  const translate = useTranslate();
  const { getValues, setValue } = useFormContext();
  const { field, fieldState } = useInput({ source: "warehouseName" });
  const value: string = field.value ?? "";
  const names = (warehouses ?? []).map((one) => one.warehouseName);

  /** The name, and SmartBill's type of it: always for a pick, only into an empty type for a name typed out. */
  const write = (name: string, picked: boolean) => {
    field.onChange(name);
    const type = warehouses?.find((one) => one.warehouseName === name)?.warehouseType;
    if (type && isWarehouseType(type) && (picked || !getValues("warehouseType"))) {
      setValue("warehouseType", type, { shouldDirty: true });
    }
  };

  const check = checkName(value, warehouses);
  let hint: string;
  let tone: "text.secondary" | "success.dark" | "warning.dark" = "text.secondary";
  if (loading) {
    hint = translate("resources.warehouses.smartBill.loading");
  } else if (failure) {
    hint = translate("resources.warehouses.smartBill.unavailable", { message: errorMessage(failure, translate("app.genericError")) });
  } else if (check.state === "known") {
    hint = translate("resources.warehouses.smartBill.known");
    tone = "success.dark";
  } else if (check.state === "otherCase") {
    hint = translate("resources.warehouses.smartBill.otherCase", { name: check.warehouse.warehouseName });
    tone = "warning.dark";
  } else if (check.state === "unknown") {
    hint = translate("resources.warehouses.smartBill.unknown");
    tone = "warning.dark";
  } else {
    hint = names.length > 0 ? translate("resources.warehouses.smartBill.choose") : translate("resources.warehouses.smartBill.none");
  }

  return (
    <Autocomplete
      // The input's id comes from the Autocomplete (it overrides the TextField's): the empty
      // list's 'Adaugă depozit' finds the field by it.
      id={id}
      freeSolo
      options={names}
      value={value}
      inputValue={value}
      onInputChange={(_event, typed, reason) => {
        // 'reset' repeats the value just set (a pick, or the form's own): nothing new to write.
        if (reason !== "reset") write(typed, false);
      }}
      // Not called for the option already typed out in full (the value is the same): typing set it.
      onChange={(_event, chosen) => write(typeof chosen === "string" ? chosen : "", true)}
      onBlur={field.onBlur}
      renderInput={(params) => (
        <TextField
          {...params}
          name={field.name}
          inputRef={field.ref}
          label={translate("resources.warehouses.fields.warehouseName")}
          error={fieldState.invalid}
          helperText={hint}
          slotProps={{ formHelperText: { sx: { color: tone }, "data-testid": "warehouse-name-hint" } as object }}
        />
      )}
      fullWidth
    />
  );
}
