/**
 * The catalogue form's fields, for adding and editing: code, name and unit as SmartBill knows
 * them, the price and currency an invoice line starts from, and the VAT chosen from the tenant's
 * SmartBill tax list (the lookup the invoice lines use): choosing a tax sets its percent.
 */
import { useEffect } from "react";
import { BooleanInput, NumberInput, SelectInput, TextInput, maxLength, minValue, required, useTranslate } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import Stack from "@mui/material/Stack";
import { INVOICE_LINE_DEFAULTS } from "../../contract/constants";
import { defaultTax, useTaxRates } from "../invoices/taxRates";

/**
 * Blank text is no text (the server refuses it too), said in the field's own sentence; marked as
 * required, as react-admin's `required()` is, so the label shows the asterisk.
 */
const filled = (message: string) =>
  Object.assign((value: unknown) => (typeof value === "string" && value.trim() ? undefined : message), { isRequired: true });

function TaxInput() {
  const taxes = useTaxRates();
  const { setValue, getValues } = useFormContext();
  const taxName = useWatch({ name: "taxName" });
  const taxPercentage = useWatch({ name: "taxPercentage" });
  // A new product starts on the standard rate; one whose tax is no longer listed keeps it as a choice.
  useEffect(() => {
    if (!getValues("taxName")) {
      const tax = defaultTax(taxes);
      setValue("taxName", tax.name, { shouldDirty: false });
      setValue("taxPercentage", tax.percentage, { shouldDirty: false });
    }
  }, [taxes, getValues, setValue]);
  const listed = taxes.some((tax) => tax.name === taxName);
  const choices = [
    ...taxes,
    ...(taxName && !listed ? [{ name: taxName, percentage: Number(taxPercentage) }] : []),
  ].map((tax) => ({ id: tax.name, name: `${tax.name} (${tax.percentage}%)`, percentage: tax.percentage }));
  return (
    <SelectInput
      source="taxName"
      choices={choices}
      validate={required()}
      onChange={(event) => {
        const chosen = choices.find((choice) => choice.id === event.target.value);
        if (chosen) setValue("taxPercentage", chosen.percentage, { shouldDirty: true });
      }}
    />
  );
}

export function ProductInputs() {
  const translate = useTranslate();
  return (
    <Stack sx={{ width: "100%", maxWidth: 560 }}>
      <TextInput source="code" validate={[filled(translate("resources.products.codeRequired")), maxLength(100)]} autoFocus />
      <TextInput source="name" validate={[filled(translate("resources.products.nameRequired")), maxLength(500)]} />
      <Stack direction={{ xs: "column", sm: "row" }} columnGap={2}>
        <TextInput source="unit" validate={[filled(translate("resources.products.unitRequired")), maxLength(50)]} />
        <NumberInput source="price" validate={[required(), minValue(0)]} step={0.01} />
        <TextInput source="currency" validate={maxLength(10)} />
      </Stack>
      <Stack direction={{ xs: "column", sm: "row" }} columnGap={2}>
        <TaxInput />
        <NumberInput source="taxPercentage" readOnly helperText="resources.products.taxPercentageHelp" />
      </Stack>
      <BooleanInput source="isService" helperText="resources.products.isServiceHelp" />
    </Stack>
  );
}

/** What a new product starts with: a new invoice line's unit, currency and price. */
export const NEW_PRODUCT = {
  unit: INVOICE_LINE_DEFAULTS.measuringUnitName,
  price: INVOICE_LINE_DEFAULTS.price,
  currency: INVOICE_LINE_DEFAULTS.currency,
  isService: false,
} as const;
