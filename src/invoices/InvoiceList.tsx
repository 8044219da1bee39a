/**
 * Imported invoices (/smartbill/invoices): newest first, paged on the server; the client's name
 * comes from the customer list (the raw id when it is gone), plus where each invoice stands: its
 * state, then, once sent, its payment status (or cancelled, deleted, storno, with links between an
 * invoice and its storno) and a menu of its actions. A row opens the edit screen.
 */
import { Datagrid, FunctionField, List, NumberField, TextField, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import type { Invoice } from "../../contract/api";
import { ListEmpty } from "../common/ListEmpty";
import { ListErrorAlert } from "../common/ListErrorAlert";
import { RequireAccess } from "../common/RequireAccess";
import { RoDateField } from "../common/RoDateField";
import { ScreenHeading } from "../common/ScreenHeading";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { InvoiceLifeField } from "./InvoiceLifeField";
import { InvoiceRowActions } from "./InvoiceRowActions";
import { InvoiceStatusField } from "./InvoiceStatusField";

const SITE = "SmartBill";

export function InvoiceList() {
  const translate = useTranslate();
  const yesNo = (value: boolean) => translate(value ? "invoices.yes" : "invoices.no");
  return (
    <RequireAccess resource="invoices">
      <ScreenHeading>{translate("invoices.listTitle", { site: SITE })}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Alert severity="info" sx={{ my: 1 }}>
        {translate("invoices.listNote")}
      </Alert>
      <List
        resource="invoices"
        title={translate("invoices.listTitle", { site: SITE })}
        sort={{ field: "id", order: "DESC" }}
        perPage={25}
        exporter={false}
        actions={false}
        empty={false}
        error={<ListErrorAlert messageKey="invoices.listError" />}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick="edit"
          empty={<ListEmpty label={translate("invoices.importAction")} icon={<UploadFileIcon />} to="/invoices/import" />}
        >
          {/* The actions and the payment first: the list is wider than a laptop's screen. */}
          <InvoiceRowActions label="resources.invoices.fields.actions" />
          <NumberField source="id" />
          <FunctionField<Invoice> label="resources.invoices.fields.client" render={(invoice) => invoice.clientName ?? invoice.clientId ?? ""} />
          <InvoiceLifeField label="invoiceLife.payment.column" />
          <RoDateField source="issueDate" />
          <RoDateField source="dueDate" />
          <FunctionField<Invoice> label="resources.invoices.fields.draft" render={(invoice) => yesNo(invoice.draft)} />
          <TextField source="currency" />
          <TextField source="language" />
          <NumberField source="precision" />
          <FunctionField<Invoice> label="resources.invoices.fields.useStock" render={(invoice) => yesNo(invoice.useStock)} />
          <TextField source="mentions" emptyText="" />
          <TextField source="observations" emptyText="" />
          <InvoiceStatusField label="resources.invoices.fields.status" />
        </Datagrid>
      </List>
    </RequireAccess>
  );
}
