/**
 * 'Completează din ANAF' beside the CIF: asks the server for the company ANAF knows by the CIF
 * typed, fills the form's fields from it (contract/anafCustomerFields.ts) as if typed (dirty,
 * checked), says which it changed, and shows what ANAF says of the company now. A lookup that
 * fails says the server's sentence beside the button and nothing else: the form saves as ever.
 *
 * On a new customer, a CIF that becomes a valid CUI brings the offer forward at once. It only
 * offers: filling by itself could overwrite what the clerk has typed, or is about to type, in
 * the other fields, so the fill waits for the click.
 */
import { type ReactNode, useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { AnafCompany } from "../../contract/anaf";
import { ANAF_FILLED_FIELDS, customerFieldsFromAnaf } from "../../contract/anafCustomerFields";
import { cuiOf } from "../../contract/cif";
import type { AppDataProvider } from "../providers/customMethods";
import { AnafCompanyPanel } from "./AnafCompanyPanel";

type Lookup =
  | { status: "idle" }
  | { status: "asking" }
  | { status: "filled"; company: AnafCompany; changed: string[] }
  | { status: "failed"; message: string };

const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");

export interface AnafFillProps {
  /** the CIF's input, which the button stands beside */
  children: ReactNode;
  /** a new customer: a valid CUI typed brings the offer forward */
  offer: boolean;
}

export function AnafFill({ children, offer }: AnafFillProps) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { getValues, setValue } = useFormContext();
  const cif = text(useWatch({ name: "cif" }));
  const [lookup, setLookup] = useState<Lookup>({ status: "idle" });
  const cui = cuiOf(cif);
  const offered = offer && cui !== null && lookup.status !== "asking" && !(lookup.status === "filled" && lookup.company.cui === cui);

  async function fill() {
    setLookup({ status: "asking" });
    try {
      const company = await dataProvider.anafCompany(cif);
      const fields = customerFieldsFromAnaf(company);
      const changed = ANAF_FILLED_FIELDS.filter((field) => fields[field] !== undefined && text(getValues(field)) !== fields[field]);
      for (const field of changed) setValue(field, fields[field], { shouldDirty: true, shouldValidate: true });
      setLookup({ status: "filled", company, changed });
    } catch (error) {
      setLookup({ status: "failed", message: error instanceof Error ? error.message : String(error) });
    }
  }

  const fieldNames = (changed: string[]) => changed.map((field) => translate(`resources.customers.anaf.fields.${field}`)).join(", ");
  return (
    <Box>
      <Stack direction={{ xs: "column", sm: "row" }} columnGap={2} alignItems={{ sm: "flex-start" }}>
        {children}
        <Stack spacing={0.5} sx={{ mt: { sm: 1 }, mb: { xs: 1, sm: 0 } }}>
          <Button
            variant={offered ? "contained" : "outlined"}
            onClick={fill}
            disabled={!cif || lookup.status === "asking"}
            startIcon={lookup.status === "asking" ? <CircularProgress size={16} color="inherit" /> : undefined}
            sx={{ whiteSpace: "nowrap" }}
          >
            {translate("resources.customers.anaf.fill")}
          </Button>
          {offered && (
            <Typography variant="body2" color="primary" role="status">
              {translate("resources.customers.anaf.offer")}
            </Typography>
          )}
        </Stack>
      </Stack>
      {lookup.status === "failed" && (
        <Alert severity="error" sx={{ mb: 1 }}>
          {lookup.message}
        </Alert>
      )}
      {lookup.status === "filled" && (
        <Box sx={{ mb: 2 }}>
          <Alert severity="success" role="status">
            {lookup.changed.length
              ? translate("resources.customers.anaf.filled", { fields: fieldNames(lookup.changed) })
              : translate("resources.customers.anaf.unchanged")}
          </Alert>
          <AnafCompanyPanel company={lookup.company} />
        </Box>
      )}
    </Box>
  );
}
