/**
 * The invoice form's series: SmartBill's invoice series to choose from, each with its next
 * number, when SmartBill can be read (GET /api/smartbill/invoice/series); a series it does not
 * have is kept but said to be unknown there. When SmartBill cannot be read, the series is typed.
 * A react-admin input on the form's `source` (the label a translation key).
 */
import { useDataProvider, useInput, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import type { InvoiceSeriesList } from "../../contract/api";
import type { AppDataProvider } from "../providers/customMethods";
import { useDocumentKind } from "./documentKind";

/** SmartBill's series change rarely: read once a screen, again after five minutes. */
const SERIES_STALE_MS = 5 * 60_000;

/** The series of the documents the screen shows (invoices', or proformas' under the proformas resource). */
export function useInvoiceSeries(): InvoiceSeriesList | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { resource } = useDocumentKind();
  const { data } = useQuery({
    queryKey: [resource, "series"],
    queryFn: ({ signal }) => dataProvider.documentSeries(signal),
    staleTime: SERIES_STALE_MS,
    retry: false,
  });
  return data;
}

const asIs = (value: string) => value;

export function SeriesInput({ source, label: labelKey, disabled }: { source: string; label: string; disabled?: boolean }) {
  const translate = useTranslate();
  const { field } = useInput<string>({ source, parse: asIs });
  const { value, onChange } = field;
  const label = translate(labelKey);
  const list = useInvoiceSeries();
  const known = list?.fromProvider && list.series.length > 0 ? list.series : null;
  if (!known) {
    return (
      <TextField
        label={label}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        disabled={disabled}
        variant="outlined"
          size="small"
        fullWidth
        helperText={list && !disabled ? translate("resources.invoices.series.unread") : undefined}
      />
    );
  }
  const names = known.map((series) => series.name);
  const unknown = value !== "" && !names.includes(value);
  return (
    <Autocomplete
      options={unknown ? [...names, value] : names}
      value={value}
      disableClearable
      disabled={disabled}
      onChange={(_, chosen) => onChange(chosen)}
      renderOption={(props, name) => {
        const series = known.find((candidate) => candidate.name === name);
        return (
          <li {...props} key={name}>
            {series ? translate("resources.invoices.series.option", { name, next: series.nextNumber }) : name}
          </li>
        );
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={label}
          variant="outlined"
          size="small"
          error={unknown && !disabled}
          helperText={unknown && !disabled ? translate("resources.invoices.series.unknown", { series: value }) : undefined}
        />
      )}
    />
  );
}
