/**
 * The client picker of the invoice screens: a searchable list over the paged customer list
 * (server-side search, 20 at a time), never the whole table, which may hold 100,000 customers.
 * A failure to read customers is only logged (spec section 8).
 */
import { type ReactNode, useEffect, useState } from "react";
import { useGetList, useTranslate } from "react-admin";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import type { Customer } from "../../contract/api";

export interface ClientOption {
  id: number;
  clientName: string;
  codClient?: string;
  cif?: string;
}

const SEARCH_DELAY_MS = 250;

export function CustomerPicker({
  value,
  onChange,
  disabled,
  label,
  error,
}: {
  value: ClientOption | null;
  onChange: (client: ClientOption | null) => void;
  disabled?: boolean;
  label: string;
  /** why the form cannot go on without a client, shown under the field */
  error?: ReactNode;
}) {
  const translate = useTranslate();
  const [typed, setTyped] = useState("");
  const [q, setQ] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setQ(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  // While the field shows the chosen client's name, list everyone rather than only that name.
  const search = value && q === value.clientName ? "" : q;
  const { data = [], isPending } = useGetList<Customer>(
    "customers",
    { pagination: { page: 1, perPage: 20 }, sort: { field: "clientName", order: "ASC" }, filter: search ? { q: search } : {} },
    { onError: (error) => console.error("Eroare la preluarea clienților", error) },
  );
  const options: ClientOption[] = data.map(({ id, clientName, codClient, cif }) => ({ id, clientName, codClient, cif }));
  if (value && !options.some((option) => option.id === value.id)) options.unshift(value);

  return (
    <Autocomplete
      options={options}
      value={value}
      disabled={disabled}
      loading={isPending}
      filterOptions={(all) => all} // the server searched already
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      getOptionLabel={(option) => option.clientName || `#${option.id}`}
      renderOption={(props, option) => (
        <li {...props} key={option.id}>
          {option.clientName}
          {option.codClient ? ` · ${option.codClient}` : ""}
          {option.cif ? ` · ${option.cif}` : ""}
        </li>
      )}
      noOptionsText={translate("resources.invoices.noClients")}
      onInputChange={(_, text) => setTyped(text)}
      onChange={(_, chosen) => onChange(chosen)}
      renderInput={(params) => (
        <TextField {...params} label={label} placeholder={translate("resources.invoices.clientSearch")} variant="outlined" size="small" error={!!error} helperText={error} />
      )}
    />
  );
}
