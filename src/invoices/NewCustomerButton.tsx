/**
 * 'Client nou' beside the invoice form's client: the customer form (the customers' own inputs
 * and checks, 'Completează din ANAF' included) in a dialog; once the server has stored the
 * customer, it is the form's client, as if picked from the list. Shown only to a user who may add
 * customers (the role matrix's `customers` row).
 */
import { useState } from "react";
import { useTranslate } from "react-admin";
import { useFormContext } from "react-hook-form";
import Button from "@mui/material/Button";
import PersonAddIcon from "@mui/icons-material/PersonAdd";
import type { Customer } from "../../contract/api";
import { FormDialog } from "../common/FormDialog";
import { useRoles } from "../common/useRoles";
import { CustomerInputs, NEW_CUSTOMER } from "../customers/CustomerInputs";
import { canAccess } from "../providers/canAccess";
import type { ClientOption } from "./CustomerPicker";

export function NewCustomerButton({ disabled }: { disabled?: boolean }) {
  const translate = useTranslate();
  const roles = useRoles();
  const { setValue } = useFormContext();
  const [open, setOpen] = useState(false);
  if (!canAccess(roles, "customers")) return null;

  const pick = ({ id, clientName, codClient, cif }: Customer) => {
    const client: ClientOption = { id, clientName, codClient, cif };
    setValue("client", client, { shouldDirty: true, shouldValidate: true });
    setValue("clientId", id, { shouldDirty: true });
  };

  return (
    <>
      <Button size="small" startIcon={<PersonAddIcon />} onClick={() => setOpen(true)} disabled={disabled} sx={{ mt: 0.5 }}>
        {translate("resources.invoices.document.newCustomer")}
      </Button>
      {open && (
        <FormDialog<Customer>
          resource="customers"
          title={translate("resources.customers.add")}
          successMessage={translate("resources.invoices.document.customerAdded")}
          defaultValues={NEW_CUSTOMER}
          onClose={() => setOpen(false)}
          onSaved={pick}
        >
          <CustomerInputs />
        </FormDialog>
      )}
    </>
  );
}
