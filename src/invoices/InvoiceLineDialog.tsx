/**
 * 'Adaugă Produs' / 'Editează Produs': an invoice line's fields with the spec's defaults and
 * checks. A static dialog: neither a click beside it nor Escape closes it (only 'Anulează' or
 * 'Salvează'), so a half-typed line is never dropped by accident. It keeps its own state, so
 * typing here re-renders the dialog only, never the invoice's lines.
 */
import { useState } from "react";
import { useTranslate } from "react-admin";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Grid from "@mui/material/Grid";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { InvoiceLine, InvoiceLineInput, Product, Warehouse } from "../../contract/api";
import type { TaxRate } from "../providers/customMethods";
import { CatalogueProductPicker } from "./CatalogueProductPicker";
import { TaxListNotice } from "./TaxListNotice";
import { defaultTax } from "./taxRates";

/** What the dialog edits: text as typed for the numbers, so '12,5' or '' can be checked. */
interface Draft extends Omit<InvoiceLineInput, "quantity" | "price" | "taxPercentage"> {
  quantity: string;
  price: string;
  taxPercentage: string;
}

function newLineDraft(warehouses: readonly Warehouse[], taxes: readonly TaxRate[], currency: string): Draft {
  const tax = defaultTax(taxes);
  return {
    name: "",
    code: "",
    quantity: "0",
    price: "0",
    measuringUnitName: "buc",
    currency,
    taxName: tax.name,
    taxPercentage: String(tax.percentage),
    saveToDb: false,
    service: false,
    warehouseName: warehouses[0]?.warehouseName ?? "",
  };
}

function draftOf(line: InvoiceLine): Draft {
  return { ...line, quantity: String(line.quantity), price: String(line.price), taxPercentage: String(line.taxPercentage) };
}

/** A number as typed, with a decimal comma accepted; undefined when it is not one. */
function parseNumber(text: string): number | undefined {
  const normalized = text.trim().replace(",", ".");
  if (normalized === "" || !/^-?\d*\.?\d+$|^-?\d+\.$/.test(normalized)) return undefined;
  return Number(normalized);
}

type Errors = Partial<Record<"name" | "code" | "quantity" | "price" | "taxPercentage", string>>;

function checkDraft(draft: Draft, translate: (key: string) => string): { errors: Errors; line?: InvoiceLineInput } {
  const errors: Errors = {};
  if (!draft.name.trim()) errors.name = translate("invoices.lines.required");
  if (!draft.code.trim()) errors.code = translate("invoices.lines.required");
  const quantity = parseNumber(draft.quantity);
  const price = parseNumber(draft.price);
  const taxPercentage = draft.taxPercentage.trim() === "" ? 0 : parseNumber(draft.taxPercentage);
  if (draft.quantity.trim() === "") errors.quantity = translate("invoices.lines.required");
  else if (quantity === undefined) errors.quantity = translate("invoices.lines.number");
  if (draft.price.trim() === "") errors.price = translate("invoices.lines.required");
  else if (price === undefined) errors.price = translate("invoices.lines.number");
  else if (Math.abs(Math.round(price * 100) - price * 100) > 1e-6) errors.price = translate("invoices.lines.priceStep");
  if (taxPercentage === undefined) errors.taxPercentage = translate("invoices.lines.number");
  if (Object.keys(errors).length > 0) return { errors };
  return {
    errors,
    line: {
      ...draft,
      name: draft.name.trim(),
      code: draft.code.trim(),
      quantity: quantity!,
      price: price!,
      taxPercentage: taxPercentage!,
    },
  };
}

export function InvoiceLineDialog({
  line,
  warehouses,
  taxes,
  currency,
  onCancel,
  onSave,
}: {
  /** the line to edit, or null to add one */
  line: InvoiceLine | null;
  warehouses: readonly Warehouse[];
  taxes: readonly TaxRate[];
  currency: string;
  onCancel: () => void;
  onSave: (input: InvoiceLineInput, id: number | undefined) => void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<Draft>(() => (line ? draftOf(line) : newLineDraft(warehouses, taxes, currency)));
  const [errors, setErrors] = useState<Errors>({});
  const set = (patch: Partial<Draft>) => setDraft((old) => ({ ...old, ...patch }));
  const label = (field: string) => translate(`invoices.lines.${field}`);
  const title = translate(line ? "invoices.lines.edit" : "invoices.lines.add");

  const text = (field: "name" | "code" | "quantity" | "price" | "measuringUnitName" | "currency" | "taxPercentage", inputMode?: "decimal") => (
    <TextField
      label={label(field)}
      value={draft[field]}
      onChange={(event) => set({ [field]: event.target.value })}
      error={!!errors[field as keyof Errors]}
      helperText={errors[field as keyof Errors]}
      required={["name", "code", "quantity", "price"].includes(field)}
      size="small"
      fullWidth
      slotProps={{ htmlInput: inputMode ? { inputMode } : undefined }}
    />
  );

  // A product of the catalogue fills what it knows; quantity, warehouse and 'Salvează în DB' stay the line's.
  const fillFrom = (product: Product) => {
    set({
      code: product.code,
      name: product.name,
      measuringUnitName: product.unit,
      price: String(product.price),
      currency: product.currency,
      taxName: product.taxName,
      taxPercentage: String(product.taxPercentage),
      service: product.isService,
    });
    setErrors({});
  };

  const submit = () => {
    const checked = checkDraft(draft, translate);
    setErrors(checked.errors);
    if (checked.line) onSave(checked.line, line?.id);
  };

  // Only the buttons close it: backdrop clicks and Escape are ignored (a static dialog).
  return (
    <Dialog open onClose={() => undefined} disableEscapeKeyDown aria-labelledby="product-dialog-title" maxWidth="md" fullWidth>
      <DialogTitle id="product-dialog-title">{title}</DialogTitle>
      <DialogContent>
        <TaxListNotice />
        <Grid container spacing={2} sx={{ pt: 1 }}>
          <Grid size={{ xs: 12 }}>
            <CatalogueProductPicker onPick={fillFrom} />
          </Grid>
          <Grid size={{ xs: 12, sm: 8 }}>{text("name")}</Grid>
          <Grid size={{ xs: 12, sm: 4 }}>{text("code")}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{text("quantity", "decimal")}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{text("price", "decimal")}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{text("measuringUnitName")}</Grid>
          <Grid size={{ xs: 6, sm: 3 }}>{text("currency")}</Grid>
          <Grid size={{ xs: 6 }}>
            <TextField
              select
              label={label("taxName")}
              value={draft.taxName}
              onChange={(event) => {
                const tax = taxes.find((candidate) => candidate.name === event.target.value);
                set({ taxName: event.target.value, ...(tax ? { taxPercentage: String(tax.percentage) } : {}) });
              }}
              size="small"
              fullWidth
            >
              {!taxes.some((tax) => tax.name === draft.taxName) && <MenuItem value={draft.taxName}>{draft.taxName || "-"}</MenuItem>}
              {taxes.map((tax) => (
                <MenuItem key={`${tax.name}-${tax.percentage}`} value={tax.name}>
                  {tax.name} ({tax.percentage}%)
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 6 }}>{text("taxPercentage", "decimal")}</Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <TextField
              select
              label={label("warehouse")}
              value={draft.warehouseName}
              onChange={(event) => set({ warehouseName: event.target.value })}
              size="small"
              fullWidth
            >
              <MenuItem value="">-</MenuItem>
              {!!draft.warehouseName && !warehouses.some((w) => w.warehouseName === draft.warehouseName) && (
                <MenuItem value={draft.warehouseName}>{draft.warehouseName}</MenuItem>
              )}
              {warehouses.map((warehouse) => (
                <MenuItem key={warehouse.id} value={warehouse.warehouseName}>
                  {warehouse.warehouseName}
                </MenuItem>
              ))}
            </TextField>
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <FormControlLabel
              control={<Checkbox checked={draft.saveToDb} onChange={(event) => set({ saveToDb: event.target.checked })} />}
              label={label("saveToDb")}
            />
            <FormControlLabel
              control={<Checkbox checked={draft.service} onChange={(event) => set({ service: event.target.checked })} />}
              label={label("service")}
            />
          </Grid>
        </Grid>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{label("cancel")}</Button>
        <Button variant="contained" onClick={submit}>
          {label("save")}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
