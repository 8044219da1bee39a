/**
 * 'Din nomenclator': finds a product of the tenant's catalogue ('Nomenclator produse') by code or
 * name as the user types, and hands the chosen one to the invoice line dialog, which fills the
 * line from it. Ten matches at a time, a moment after typing stops (useCatalogueMatches).
 */
import { useState } from "react";
import { useTranslate } from "react-admin";
import Autocomplete from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import type { Product } from "../../contract/api";
import { useCatalogueMatches } from "./useCatalogueMatches";

const MATCHES = 10;

export function CatalogueProductPicker({ onPick }: { onPick: (product: Product) => void }) {
  const translate = useTranslate();
  const [typed, setTyped] = useState("");
  const { asked, matches, isFetching, error } = useCatalogueMatches(typed, MATCHES);

  return (
    <Autocomplete
      options={matches}
      loading={isFetching}
      filterOptions={(options) => options /* the server already matched code and name */}
      getOptionLabel={(product) => `${product.code} · ${product.name}`}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      inputValue={typed}
      onInputChange={(_, value, reason) => setTyped(reason === "reset" ? "" : value)}
      value={null}
      onChange={(_, product) => product && onPick(product)}
      noOptionsText={translate(asked ? "resources.invoices.lines.catalogueNone" : "resources.invoices.lines.catalogueHint")}
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
