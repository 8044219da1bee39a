/**
 * 'Adaugă Produs' / 'Editează Produs': an invoice line's fields and checks. A new line starts at
 * quantity 1 with no price (the clerk types it, or picks a product of the catalogue). Amounts are
 * read as Romanians type them (5.000,50; contract/romanianNumber.ts); the quantity is above zero
 * (a storno reverses an issued invoice). The VAT percent is not typed: it is the chosen tax's in
 * SmartBill's list, shown beside it.
 *
 * Escape closes the dialog when nothing was typed, and asks first when something was, so a
 * half-typed line is never dropped by a stray key; a click beside it does nothing. It keeps its
 * own state, so typing here re-renders the dialog only, never the invoice's lines.
 */
import { useState } from "react";
import { Confirm, useTranslate } from "react-admin";
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
import { romanianInputText } from "../../contract/romanianNumber";
import type { TaxRate } from "../providers/customMethods";
import { CatalogueProductPicker } from "./CatalogueProductPicker";
import { TaxListNotice } from "./TaxListNotice";
import { taxRateOf, useTaxList } from "./taxRates";
import { draftOf, type LineDraft, newLineDraft, productFill } from "./lines/lineDraft";
import { readTypedNumber } from "./typedNumber";

/**
 * What the dialog edits (lines/lineDraft.ts, shared with the grid): quantity and price as typed,
 * so '12,5' or '' can be checked; the VAT percent as the line had it, used only while its tax is
 * not in the list.
 */
type Draft = LineDraft;

type Errors = Partial<Record<"name" | "code" | "quantity" | "price" | "taxName", string>>;
type Translate = (key: string, options?: Record<string, unknown>) => string;

function checkDraft(
  draft: Draft,
  tax: { name: string; percentage: number; listed: boolean },
  translate: Translate,
): { errors: Errors; line?: InvoiceLineInput } {
  const errors: Errors = {};
  const required = translate("resources.invoices.lines.required");
  if (!draft.name.trim()) errors.name = required;
  if (!draft.code.trim()) errors.code = required;
  const quantity = readTypedNumber(draft.quantity, translate, {
    required,
    min: "aboveZero",
    positiveMessage: translate("resources.invoices.lines.quantityPositive"),
  });
  if (!quantity.ok) errors.quantity = quantity.error;
  const price = readTypedNumber(draft.price, translate, {
    required,
    min: 0,
    positiveMessage: translate("resources.invoices.lines.pricePositive"),
    maxDecimals: 2,
    decimalsMessage: translate("resources.invoices.lines.priceStep"),
  });
  if (!price.ok) errors.price = price.error;
  if (!tax.listed) errors.taxName = translate("resources.invoices.lines.taxNotListed", { name: draft.taxName });
  if (Object.keys(errors).length > 0 || !quantity.ok || !price.ok) return { errors };
  return {
    errors,
    line: {
      ...draft,
      name: draft.name.trim(),
      code: draft.code.trim(),
      quantity: quantity.value!,
      price: price.value!,
      taxName: tax.name,
      taxPercentage: tax.percentage,
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
  const [initial] = useState<Draft>(() => (line ? draftOf(line) : newLineDraft(warehouses, taxes, currency)));
  const [draft, setDraft] = useState<Draft>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [askDiscard, setAskDiscard] = useState(false);
  // A tax the list lacks is refused only when the list is SmartBill's (not the fallback while it was never read).
  const listKnown = useTaxList()?.fromProvider === true;
  const set = (patch: Partial<Draft>) => setDraft((old) => ({ ...old, ...patch }));
  const label = (field: string) => translate(`resources.invoices.lines.${field}`);
  const title = translate(line ? "resources.invoices.lines.edit" : "resources.invoices.lines.add");

  // The percent follows the tax: the list's, whatever the line or the product held.
  const listed = taxRateOf(taxes, draft.taxName);
  const tax = {
    name: listed?.name ?? draft.taxName,
    percentage: listed?.percentage ?? draft.taxPercentage,
    listed: listed !== undefined || !listKnown,
  };

  const text = (field: "name" | "code" | "quantity" | "price" | "measuringUnitName" | "currency", inputMode?: "decimal") => (
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
    set(productFill(product, taxes));
    setErrors({});
  };

  const submit = () => {
    const checked = checkDraft(draft, tax, translate);
    setErrors(checked.errors);
    if (checked.line) onSave(checked.line, line?.id);
  };

  // Escape: closes what was not touched, asks about what was. A click beside it is ignored.
  const escape = () => {
    if (JSON.stringify(draft) === JSON.stringify(initial)) onCancel();
    else setAskDiscard(true);
  };

  return (
    <>
      <Dialog
        open
        onClose={(_event, reason) => {
          if (reason === "escapeKeyDown") escape();
        }}
        aria-labelledby="product-dialog-title"
        maxWidth="md"
        fullWidth
      >
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
                value={listed?.name ?? draft.taxName}
                onChange={(event) => {
                  const chosen = taxRateOf(taxes, event.target.value);
                  set({ taxName: event.target.value, ...(chosen ? { taxPercentage: chosen.percentage } : {}) });
                }}
                error={!!errors.taxName}
                helperText={errors.taxName}
                size="small"
                fullWidth
              >
                {!listed && <MenuItem value={draft.taxName}>{draft.taxName ? `${draft.taxName} (${draft.taxPercentage}%)` : "-"}</MenuItem>}
                {taxes.map((rate) => (
                  <MenuItem key={`${rate.name}-${rate.percentage}`} value={rate.name}>
                    {rate.name} ({rate.percentage}%)
                  </MenuItem>
                ))}
              </TextField>
            </Grid>
            <Grid size={{ xs: 6 }}>
              <TextField
                label={label("taxPercentage")}
                value={romanianInputText(tax.percentage)}
                helperText={label("taxPercentageHelp")}
                size="small"
                fullWidth
                slotProps={{ htmlInput: { readOnly: true } }}
              />
            </Grid>
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
      <Confirm
        isOpen={askDiscard}
        title="resources.invoices.lines.discardTitle"
        content="resources.invoices.lines.discardContent"
        confirm="resources.invoices.lines.discard"
        cancel="resources.invoices.lines.keepEditing"
        confirmColor="warning"
        onConfirm={onCancel}
        onClose={() => setAskDiscard(false)}
      />
    </>
  );
}
