/**
 * The edit screen's answer to a save refused as stale (another tab or user saved first): it reads
 * the other version, shows what differs (the fields both changed, with both values, and the ones
 * only the other changed, which are taken over), and offers both ways out: 'Păstrează
 * modificările mele' saves what was typed here over the other version (keeping the other's
 * changes to fields not touched here), 'Reîncarcă' takes the other version as it is.
 */
import { useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Invoice, InvoiceForm, Warehouse } from "../../contract/api";
import type { AppDataProvider } from "../providers/customMethods";
import { useDocumentKind } from "./documentKind";
import { type FormField, mergeForms } from "./formDifferences";
import type { InvoiceFormValues } from "./InvoiceFormFields";
import { formatDay } from "./invoiceText";

type Translate = ReturnType<typeof useTranslate>;

const LABELS: Partial<Record<FormField, string>> = { clientId: "client", warehouseId: "warehouse" };

function shown(field: FormField, form: InvoiceForm, clientName: string | null | undefined, warehouses: readonly Warehouse[], translate: Translate): string {
  const value = form[field];
  if (field === "clientId") return value === null ? "—" : (clientName ?? `#${value}`);
  if (field === "warehouseId") return value === null ? "—" : (warehouses.find((w) => w.id === value)?.warehouseName ?? `#${value}`);
  if (field === "issueDate") return formatDay(String(value));
  if (typeof value === "boolean") return translate(value ? "resources.invoices.yes" : "resources.invoices.no");
  return value === "" ? "—" : `„${value}”`;
}

export function SaveConflictAlert({
  invoiceId,
  base,
  mine,
  warehouses,
  onReload,
  onKeep,
}: {
  invoiceId: number;
  /** the form as last loaded or saved here: what both versions were edited from */
  base: InvoiceForm;
  mine: InvoiceFormValues;
  warehouses: readonly Warehouse[];
  onReload: () => void;
  onKeep: (merged: InvoiceFormValues, version: number) => void;
}) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { resource } = useDocumentKind();
  const other = useQuery({
    queryKey: ["invoices", "conflict", invoiceId],
    queryFn: async ({ signal }) => (await dataProvider.getOne<Invoice>(resource, { id: invoiceId, signal })).data,
    retry: false,
    gcTime: 0,
  });
  const label = (field: FormField) => translate(`resources.invoices.fields.${LABELS[field] ?? field}`);
  const theirs = other.data;
  const merge = theirs && mergeForms(base, mine, theirs);

  const keep = () => {
    if (!theirs || !merge) return;
    const { merged } = merge;
    // A client taken from the other version comes with its name as the other version has it.
    const client =
      merged.clientId === mine.clientId ? mine.client : merged.clientId === null ? null : { id: merged.clientId, clientName: theirs.clientName ?? `#${merged.clientId}` };
    onKeep({ ...merged, client }, theirs.version);
  };

  return (
    <Alert severity="warning" sx={{ mb: 2 }} data-testid="save-conflict">
      <Typography variant="body2" component="p">
        {translate("resources.invoices.conflict")}
      </Typography>
      {merge && (
        <Box sx={{ mt: 1 }}>
          {merge.clashes.length > 0 && (
            <>
              <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
                {translate("resources.invoices.conflictDiff.title")}
              </Typography>
              <Box component="ul" sx={{ my: 0.5, pl: 2.5 }}>
                {merge.clashes.map((field) => (
                  <Typography key={field} component="li" variant="body2">
                    {translate("resources.invoices.conflictDiff.field", {
                      field: label(field),
                      mine: shown(field, mine, mine.client?.clientName, warehouses, translate),
                      theirs: shown(field, theirs, theirs.clientName, warehouses, translate),
                    })}
                  </Typography>
                ))}
              </Box>
            </>
          )}
          {merge.taken.length > 0 && (
            <Typography variant="body2" component="p">
              {translate("resources.invoices.conflictDiff.taken", { fields: merge.taken.map(label).join(", ") })}
            </Typography>
          )}
          <Typography variant="body2" component="p" color="text.secondary" sx={{ mt: 0.5 }}>
            {translate("resources.invoices.conflictDiff.choice")}
          </Typography>
        </Box>
      )}
      {other.error && (
        <Typography variant="body2" component="p" sx={{ mt: 1 }}>
          {translate("resources.invoices.conflictDiff.loadError")}
        </Typography>
      )}
      <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ mt: 1 }}>
        <Button color="inherit" variant="outlined" size="small" onClick={keep} disabled={!merge}>
          {translate("resources.invoices.keepMine")}
        </Button>
        <Button color="inherit" size="small" onClick={onReload}>
          {translate("resources.invoices.reload")}
        </Button>
      </Stack>
    </Alert>
  );
}
