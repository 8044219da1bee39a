/**
 * The invoice form's fields (spec: Invoice import form), shared by the import screen and the
 * edit screen's 'Date factură' tab. Controlled: the parent holds the values and decides what a
 * change does (the import keeps them; the edit screen auto-saves them).
 *
 * How the invoice goes to SmartBill is a choice between two named options, 'Emite factura' (the
 * default) and 'Salvează ca ciornă în SmartBill (fără număr, nefiscală)', rather than the spec's
 * 'Ciornă' checkbox ticked by default: a draft is a deliberate choice, with its consequences said.
 */
import { memo } from "react";
import { useGetList, useTranslate } from "react-admin";
import Checkbox from "@mui/material/Checkbox";
import FormControl from "@mui/material/FormControl";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormHelperText from "@mui/material/FormHelperText";
import FormLabel from "@mui/material/FormLabel";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import type { InvoiceForm, Warehouse } from "../../contract/api";
import { MAX_DUE_DAYS, MIN_DUE_DAYS } from "../../contract/constants";
import { SMARTBILL_CURRENCIES, SMARTBILL_LANGUAGES } from "../../contract/smartBillChoices";
import { CodeSelect } from "./CodeSelect";
import { type ClientOption, CustomerPicker } from "./CustomerPicker";
import { SeriesInput } from "./SeriesInput";

export interface InvoiceFormValues extends InvoiceForm {
  /** the chosen client as shown (name), kept beside its id */
  client: ClientOption | null;
}

type InvoiceFormChange = (patch: Partial<InvoiceFormValues>) => void;

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
export function dueDaysError(dueDays: number): boolean {
  return !Number.isInteger(dueDays) || dueDays < MIN_DUE_DAYS || dueDays > MAX_DUE_DAYS;
}

export const DUE_DAYS_RANGE = { min: MIN_DUE_DAYS, max: MAX_DUE_DAYS } as const;

/** 'Emite factura' or, deliberately, a SmartBill draft; what the choice means said under it. */
function IssueModeField({ draft, disabled, onChange }: { draft: boolean; disabled?: boolean; onChange: (draft: boolean) => void }) {
  const translate = useTranslate();
  const label = translate("resources.invoices.issueMode.label");
  return (
    <FormControl disabled={disabled}>
      <FormLabel id="issue-mode-label">{label}</FormLabel>
      <RadioGroup
        aria-labelledby="issue-mode-label"
        name="issueMode"
        value={draft ? "draft" : "issue"}
        onChange={(event) => onChange(event.target.value === "draft")}
      >
        <FormControlLabel value="issue" control={<Radio />} label={translate("resources.invoices.issueMode.issue")} />
        <FormControlLabel value="draft" control={<Radio />} label={translate("resources.invoices.issueMode.draft")} />
      </RadioGroup>
      <FormHelperText>{translate(draft ? "resources.invoices.issueMode.draftHelp" : "resources.invoices.issueMode.issueHelp")}</FormHelperText>
    </FormControl>
  );
}

export const InvoiceFormFields = memo(function InvoiceFormFields({
  values,
  onChange,
  disabled,
  errors,
}: {
  values: InvoiceFormValues;
  onChange: InvoiceFormChange;
  disabled?: boolean;
  /** the import's own checks, beside their fields */
  errors?: Partial<Record<"clientId" | "warehouseId", string>>;
}) {
  const translate = useTranslate();
  const warehouses = useWarehouses();
  const label = (field: string) => translate(`resources.invoices.fields.${field}`);
  const text = (field: "mentions" | "observations", multiline = false) => (
    <TextField
      label={label(field)}
      value={values[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      disabled={disabled}
      size="small"
      fullWidth
      multiline={multiline}
      minRows={multiline ? 2 : undefined}
    />
  );
  const check = (field: "useStock" | "saveToDb") => (
    <FormControlLabel
      control={<Checkbox checked={values[field]} onChange={(event) => onChange({ [field]: event.target.checked })} disabled={disabled} />}
      label={label(field)}
    />
  );
  const badDueDays = dueDaysError(values.dueDays);

  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 12, md: 6 }}>
        <CustomerPicker
          label={label("client")}
          value={values.client}
          disabled={disabled}
          error={errors?.clientId}
          onChange={(client) => onChange({ client, clientId: client?.id ?? null })}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <TextField
          select
          label={label("warehouse")}
          value={values.warehouseId ?? ""}
          onChange={(event) => onChange({ warehouseId: event.target.value === "" ? null : Number(event.target.value) })}
          disabled={disabled}
          size="small"
          fullWidth
          error={!!errors?.warehouseId}
          helperText={errors?.warehouseId}
        >
          <MenuItem value="">{translate("resources.invoices.selectWarehouse")}</MenuItem>
          {warehouses.map((warehouse) => (
            <MenuItem key={warehouse.id} value={warehouse.id}>
              {warehouse.warehouseName}
            </MenuItem>
          ))}
        </TextField>
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          type="date"
          label={label("issueDate")}
          value={values.issueDate}
          onChange={(event) => onChange({ issueDate: event.target.value })}
          disabled={disabled}
          size="small"
          fullWidth
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Grid>
      <Grid size={{ xs: 12, sm: 6, md: 3 }}>
        <TextField
          type="number"
          label={label("dueDays")}
          value={Number.isNaN(values.dueDays) ? "" : values.dueDays}
          onChange={(event) => onChange({ dueDays: event.target.value === "" ? Number.NaN : Number(event.target.value) })}
          disabled={disabled}
          size="small"
          fullWidth
          error={badDueDays}
          helperText={badDueDays ? translate("resources.invoices.dueDaysRange", DUE_DAYS_RANGE) : undefined}
          slotProps={{ htmlInput: { min: MIN_DUE_DAYS, max: MAX_DUE_DAYS, step: 1 } }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        {check("useStock")}
        {check("saveToDb")}
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>{text("mentions", true)}</Grid>
      <Grid size={{ xs: 12, md: 6 }}>{text("observations", true)}</Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <IssueModeField draft={values.draft} disabled={disabled} onChange={(draft) => onChange({ draft })} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <SeriesInput label={label("seriesName")} value={values.seriesName} onChange={(seriesName) => onChange({ seriesName })} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <CodeSelect label={label("currency")} value={values.currency} codes={SMARTBILL_CURRENCIES} onChange={(currency) => onChange({ currency })} disabled={disabled} />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <CodeSelect
          label={label("language")}
          value={values.language}
          codes={SMARTBILL_LANGUAGES}
          name={(code) => translate(`resources.invoices.languages.${code}`, { _: code })}
          onChange={(language) => onChange({ language })}
          disabled={disabled}
        />
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <TextField
          type="number"
          label={label("precision")}
          value={values.precision}
          onChange={(event) => onChange({ precision: Number(event.target.value) })}
          disabled={disabled}
          size="small"
          fullWidth
          slotProps={{ htmlInput: { min: 0, max: 4, step: 1 } }}
        />
      </Grid>
    </Grid>
  );
});
