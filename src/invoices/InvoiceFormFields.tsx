/**
 * The invoice form's fields (spec: Invoice import form), shared by the import screen and the
 * edit screen's 'Date factură' tab: react-admin inputs inside the screen's react-admin <Form>
 * (react-hook-form), so each field holds its own value and a keystroke re-renders that field
 * alone; each screen decides what a change does (the import keeps it; the edit screen auto-saves
 * it). Labels are translation keys, translated by each input as it renders.
 *
 * How the invoice goes to SmartBill is a choice between two named options, 'Emite factura' (the
 * default) and 'Salvează ca ciornă în SmartBill (fără număr, nefiscală)', rather than the spec's
 * 'Ciornă' checkbox ticked by default: a draft is a deliberate choice, with its consequences said.
 */
import { memo } from "react";
import { DateInput, NumberInput, SelectInput, TextInput, useGetList, useInput, useTranslate, type Validator } from "react-admin";
import { useFormContext } from "react-hook-form";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Grid from "@mui/material/Grid";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import type { InvoiceForm, Warehouse } from "../../contract/api";
import { MAX_DUE_DAYS, MIN_DUE_DAYS } from "../../contract/constants";
import { SMARTBILL_CURRENCIES, SMARTBILL_LANGUAGES } from "../../contract/smartBillChoices";
import { CodeSelect } from "./CodeSelect";
import { CustomerInput } from "./CustomerInput";
import { NewCustomerButton } from "./NewCustomerButton";
import type { ClientOption } from "./CustomerPicker";
import { SeriesInput } from "./SeriesInput";

export interface InvoiceFormValues extends InvoiceForm {
  /** the chosen client as shown (name), kept beside its id */
  client: ClientOption | null;
}

/** The warehouses of the tenant; a failure is only logged (spec section 8). */
export function useWarehouses(): Warehouse[] {
  const { data = [] } = useGetList<Warehouse>(
    "warehouses",
    { pagination: { page: 1, perPage: 500 }, sort: { field: "id", order: "ASC" } },
    { onError: (error) => console.error("Eroare la preluarea depozitelor", error) },
  );
  return data;
}

/** The server refuses the same: at least a day, at most a year to pay. */
export function dueDaysError(dueDays: number | null): boolean {
  return !Number.isInteger(dueDays) || dueDays! < MIN_DUE_DAYS || dueDays! > MAX_DUE_DAYS;
}

export const DUE_DAYS_RANGE = { min: MIN_DUE_DAYS, max: MAX_DUE_DAYS } as const;
const PRECISION_RANGE = { min: 0, max: 4 } as const;

const dueDaysValid: Validator = (dueDays: number | null) =>
  dueDaysError(dueDays) ? { message: "resources.invoices.dueDaysRange", args: DUE_DAYS_RANGE } : undefined;

const precisionValid: Validator = (precision: number | null) =>
  !Number.isInteger(precision) || precision! < PRECISION_RANGE.min || precision! > PRECISION_RANGE.max
    ? { message: "resources.invoices.precisionRange", args: PRECISION_RANGE }
    : undefined;

/** The import's own checks: no invoice without a client, nor without a warehouse to take stock from. */
const clientRequired: Validator = (client: ClientOption | null) => (client ? undefined : "resources.invoices.importForm.clientRequired");
const warehouseRequired: Validator = (warehouseId: number | null, values: InvoiceFormValues) =>
  values.useStock && warehouseId === null ? "resources.invoices.importForm.warehouseRequired" : undefined;

/** Text kept as typed: react-admin would store an emptied field as null, the API takes ''. */
const asIs = <T,>(value: T) => value;
const warehouseIdOf = (value: string | number | null) => (value === "" || value === null ? null : Number(value));

const label = (field: string) => `resources.invoices.fields.${field}`;

/** A ticked/unticked field, as a checkbox (react-admin's BooleanInput is a switch). */
function CheckboxInput({ source, disabled, onChange }: { source: "useStock" | "saveToDb"; disabled?: boolean; onChange?: () => void }) {
  const translate = useTranslate();
  const { field } = useInput<boolean>({ source, format: asIs, parse: asIs, onChange });
  return (
    <FormControlLabel
      control={<Checkbox checked={!!field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} disabled={disabled} />}
      label={translate(label(source))}
    />
  );
}

/** 'Emite factura' or, deliberately, a SmartBill draft; what the choice means said under it. */
function IssueModeInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput<boolean>({ source: "draft", format: asIs, parse: asIs });
  const draft = !!field.value;
  return (
    <FormControl disabled={disabled}>
      <FormLabel id="issue-mode-label">{translate("resources.invoices.issueMode.label")}</FormLabel>
      <RadioGroup aria-labelledby="issue-mode-label" name="issueMode" value={draft ? "draft" : "issue"} onChange={(event) => field.onChange(event.target.value === "draft")}>
        <FormControlLabel value="issue" control={<Radio />} label={translate("resources.invoices.issueMode.issue")} />
        <FormControlLabel value="draft" control={<Radio />} label={translate("resources.invoices.issueMode.draft")} />
      </RadioGroup>
      <FormHelperText>{translate(draft ? "resources.invoices.issueMode.draftHelp" : "resources.invoices.issueMode.issueHelp")}</FormHelperText>
    </FormControl>
  );
}

const languageName = (translate: ReturnType<typeof useTranslate>) => (code: string) => translate(`resources.invoices.languages.${code}`, { _: code });

function LanguageInput({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  return <CodeSelect source="language" label={label("language")} codes={SMARTBILL_LANGUAGES} name={languageName(translate)} disabled={disabled} />;
}

const outlined = { size: "small", variant: "outlined", margin: "none", fullWidth: true } as const;

/**
 * The two notes: three rows, then the box scrolls (and its corner drags it taller). A plain
 * textarea: MUI's multiline field, even with a fixed `rows`, is its TextareaAutosize, which
 * measures its text in a hidden copy after every render, a forced layout at each key.
 */
const notes = {
  multiline: true,
  InputProps: { inputComponent: "textarea" },
  inputProps: { rows: 3 },
  sx: { "& textarea": { resize: "vertical" } },
} as const;

export const InvoiceFormFields = memo(function InvoiceFormFields({
  disabled,
  importChecks,
  addCustomer,
}: {
  disabled?: boolean;
  /** the import's own checks, beside their fields: a client; a warehouse while it takes stock */
  importChecks?: boolean;
  /** 'Client nou' under the client: a customer added on the spot becomes the client */
  addCustomer?: boolean;
}) {
  const warehouses = useWarehouses();
  const { getFieldState, trigger } = useFormContext();
  // Unticking 'Descarcă stocul' takes back the warehouse's message at once.
  const recheckWarehouse = () => {
    if (getFieldState("warehouseId").invalid) void trigger("warehouseId");
  };

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <CustomerInput label={label("client")} disabled={disabled} validate={importChecks ? clientRequired : undefined} />
        {addCustomer && <NewCustomerButton disabled={disabled} />}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <SelectInput
          source="warehouseId"
          label={label("warehouse")}
          choices={warehouses}
          optionText="warehouseName"
          translateChoice={false}
          emptyText="resources.invoices.selectWarehouse"
          parse={warehouseIdOf}
          validate={importChecks ? warehouseRequired : undefined}
          disabled={disabled}
          helperText={false}
          {...outlined}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <DateInput source="issueDate" label={label("issueDate")} disabled={disabled} helperText={false} {...outlined} />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <NumberInput
          source="dueDays"
          label={label("dueDays")}
          validate={dueDaysValid}
          min={MIN_DUE_DAYS}
          max={MAX_DUE_DAYS}
          step={1}
          disabled={disabled}
          helperText={false}
          {...outlined}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <CheckboxInput source="useStock" disabled={disabled} onChange={recheckWarehouse} />
        <CheckboxInput source="saveToDb" disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="mentions" label={label("mentions")} parse={asIs} {...notes} disabled={disabled} helperText={false} {...outlined} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextInput source="observations" label={label("observations")} parse={asIs} {...notes} disabled={disabled} helperText={false} {...outlined} />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <IssueModeInput disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <SeriesInput source="seriesName" label={label("seriesName")} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <CodeSelect source="currency" label={label("currency")} codes={SMARTBILL_CURRENCIES} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <LanguageInput disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <NumberInput
          source="precision"
          label={label("precision")}
          validate={precisionValid}
          min={PRECISION_RANGE.min}
          max={PRECISION_RANGE.max}
          step={1}
          disabled={disabled}
          helperText={false}
          {...outlined}
        />
      </Grid>
    </Grid>
  );
});
