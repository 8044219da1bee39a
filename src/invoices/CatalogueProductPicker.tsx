/**
 * 'Din nomenclator': finds a product of the tenant's catalogue ('Nomenclator produse') by code or
 * name as the user types, and hands the chosen one to the invoice line dialog, which fills the
 * line from it. Asks the catalogue's list for ten matches at a time, a moment after typing stops.
 */
import { useEffect, useState } from "react";
import { useGetList, useTranslate } from "react-admin";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import type { Product } from "../../contract/api";

const TYPING_PAUSE_MS = 300;
const MATCHES = 10;

export function CatalogueProductPicker({ onPick }: { onPick: (product: Product) => void }) {
  const translate = useTranslate();
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setSearch(typed.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const { data = [], isFetching, error } = useGetList<Product>(
    "products",
    { pagination: { page: 1, perPage: MATCHES }, sort: { field: "name", order: "ASC" }, filter: search ? { q: search } : {} },
    { enabled: search !== "" },
  );

  return (
    <Autocomplete
      options={search ? data : []}
      loading={isFetching}
      filterOptions={(options) => options /* the server already matched code and name */}
      getOptionLabel={(product) => `${product.code} · ${product.name}`}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      inputValue={typed}
      onInputChange={(_, value, reason) => setTyped(reason === "reset" ? "" : value)}
      value={null}
      onChange={(_, product) => product && onPick(product)}
      noOptionsText={translate(search ? "resources.invoices.lines.catalogueNone" : "resources.invoices.lines.catalogueHint")}
      loadingText={translate("ra.page.loading")}
      renderInput={(params) => (
        <TextField
          {...params}
          label={translate("resources.invoices.lines.catalogue")}
          size="small"
          error={!!error}
          helperText={error ? translate("resources.products.fetchError") : translate("resources.invoices.lines.catalogueHelp")}
        />
      )}
    />
  );
}
