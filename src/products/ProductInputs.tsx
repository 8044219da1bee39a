/**
 * The catalogue form's fields, for adding and editing: code, name and unit as SmartBill knows
 * them, the price and currency an invoice line starts from, and the VAT chosen from the tenant's
 * SmartBill tax list (the lookup the invoice lines use): the percent is always the chosen tax's
 * there, also for a product saved with an older rate. The price is typed as Romanians write it
 * (1.234,50) and may be left empty: "not set", as the stock import leaves it.
 */
import { useEffect } from "react";
import { BooleanInput, NumberInput, SelectInput, TextInput, maxLength, required, useTranslate } from "react-admin";
import { useFormContext, useWatch } from "react-hook-form";
import Stack from "@mui/material/Stack";
import { INVOICE_LINE_DEFAULTS } from "../../contract/constants";
import { romanianInputText } from "../../contract/romanianNumber";
import { defaultTax, taxRateOf, useTaxList, useTaxRates } from "../invoices/taxRates";
import { readTypedNumber } from "../invoices/typedNumber";

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The price field's value as the form holds it (a number as read, or the text typed) → what the API takes. */
function priceRules(translate: Translate) {
  return {
    maxDecimals: 2,
    decimalsMessage: translate("resources.products.priceStep"),
    min: 0 as const,
    positiveMessage: translate("resources.products.priceNegative"),
  };
}

/** The form's data as the API takes it: the price typed becomes a number, or null when left empty. */
export function productPayload<T extends { price?: unknown }>(data: T, translate: Translate): T {
  if (typeof data.price !== "string") return data;
  const read = readTypedNumber(data.price, translate, priceRules(translate));
  return { ...data, price: read.ok ? read.value : data.price };
}

/**
 * Blank text is no text (the server refuses it too), said in the field's own sentence; marked as
 * required, as react-admin's `required()` is, so the label shows the asterisk.
 */
const filled = (message: string) =>
  Object.assign((value: unknown) => (typeof value === "string" && value.trim() ? undefined : message), { isRequired: true });

function TaxInput() {
  const translate = useTranslate();
  const taxes = useTaxRates();
  // A tax the list lacks is refused only when the list is SmartBill's (not the fallback while it was never read).
  const listKnown = useTaxList()?.fromProvider === true;
  const { setValue, getValues } = useFormContext();
  const taxName = useWatch({ name: "taxName" });
  const taxPercentage = useWatch({ name: "taxPercentage" });
  // A new product starts on the standard rate; a listed tax takes the list's percent (a product
  // saved at 19 shows, and is saved at, 21); one whose tax is no longer listed keeps it as a choice.
  useEffect(() => {
    if (!getValues("taxName")) {
      const tax = defaultTax(taxes);
      setValue("taxName", tax.name, { shouldDirty: false });
      setValue("taxPercentage", tax.percentage, { shouldDirty: false });
      return;
    }
    const tax = taxRateOf(taxes, getValues("taxName"));
    if (tax && (tax.name !== getValues("taxName") || tax.percentage !== Number(getValues("taxPercentage")))) {
      setValue("taxName", tax.name, { shouldDirty: true });
      setValue("taxPercentage", tax.percentage, { shouldDirty: true });
    }
  }, [taxes, getValues, setValue]);
  const listed = taxes.some((tax) => tax.name === taxName);
  const choices = [
    ...taxes,
    ...(taxName && !listed ? [{ name: taxName, percentage: Number(taxPercentage) }] : []),
  ].map((tax) => ({ id: tax.name, name: `${tax.name} (${tax.percentage}%)`, percentage: tax.percentage }));
  const inTheList = (value: unknown) =>
    listKnown && typeof value === "string" && value && !taxRateOf(taxes, value)
      ? translate("resources.products.taxNotListed", { name: value })
      : undefined;
  return (
    <SelectInput
      source="taxName"
      choices={choices}
      validate={[required(), inTheList]}
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
        <TextInput
          source="price"
          // A number as stored shows as the screens write it; what is typed stays as typed until saved.
          format={(value: unknown) => (typeof value === "number" ? romanianInputText(value, 2) : ((value as string | null) ?? ""))}
          parse={(text: string) => text}
          validate={(value: unknown) => {
            if (typeof value !== "string") return undefined;
            const read = readTypedNumber(value, translate, priceRules(translate));
            return read.ok ? undefined : read.error;
          }}
          helperText="resources.products.priceHelp"
          slotProps={{ htmlInput: { inputMode: "decimal" } }}
        />
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
