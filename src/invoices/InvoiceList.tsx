/**
 * Imported invoices (/smartbill/invoices): newest first, paged on the server. The columns a clerk
 * reads come first and fit a laptop's screen: the number (SmartBill's series and number once sent,
 * else our '#id'), the client (its name from the customer list, the raw id when it is gone), the
 * dates, the total with VAT and its currency, the payment (or cancelled, deleted, storno, with
 * links between an invoice and its storno), the state, e-Factura's status or deadline (EfacturaStatusChip), and a menu of a sent invoice's actions.
 * The form's other fields (series, draft, currency, language, precision, stock, mentions,
 * observations) are there to show through 'Coloane' (react-admin's column chooser, remembered
 * per browser), hidden at first. A row opens the invoice's screen. On a phone each invoice is a
 * short entry (number and client, dates and state, total) instead of a table wider than the screen.
 * 'Factură nouă' on the toolbar starts an invoice on its screen.
 * Filters (invoiceListFilters.tsx): the state, the payment, overdue alone, the issue period and
 * currency, issued alone; the home's figures open the list with them set (src/home/homeLinks.ts).
 */
import {
  DatagridConfigurable,
  FilterButton,
  FunctionField,
  List,
  NumberField,
  SelectColumnsButton,
  SimpleList,
  TextField,
  TopToolbar,
  useTranslate,
} from "react-admin";
import Alert from "@mui/material/Alert";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import type { Invoice } from "../../contract/api";
import { ListEmpty } from "../common/ListEmpty";
import { ListErrorAlert } from "../common/ListErrorAlert";
import { RequireAccess } from "../common/RequireAccess";
import { RoDateField } from "../common/RoDateField";
import { ScreenHeading } from "../common/ScreenHeading";
import { ReminderSettingsButton } from "../reminders/ReminderSettingsButton";
import { SendReminderButton } from "../reminders/SendReminderButton";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { useDocumentKind } from "./documentKind";
import { EfacturaStatusChip } from "./EfacturaStatusChip";
import { InvoiceLifeField } from "./InvoiceLifeField";
import { InvoiceRowActions } from "./InvoiceRowActions";
import { InvoiceStatusField, invoiceStatusText } from "./InvoiceStatusField";
import { NewDocumentButton } from "./NewDocumentButton";
import { formatDay, invoiceName } from "./invoiceText";
import { invoiceListFilters } from "./invoiceListFilters";
import { formatAmount } from "./lineTotals";

const SITE = "SmartBill";

/** The form's fields a clerk rarely reads in the list: offered by 'Coloane', hidden until chosen. */
const OPTIONAL_COLUMNS = ["seriesName", "draft", "currency", "language", "precision", "useStock", "mentions", "observations"];


export function InvoiceList() {
  const translate = useTranslate();
  const { resource } = useDocumentKind();
  const yesNo = (value: boolean) => translate(value ? "resources.invoices.yes" : "resources.invoices.no");
  // '1.234,56 RON'; said in words when the lines are in more than one currency (no one sum names them).
  const totalText = (invoice: Invoice) =>
    invoice.total === null ? translate("resources.invoices.mixedCurrencies") : `${formatAmount(invoice.total, invoice.precision)} ${invoice.currency}`;
  const title = translate("resources.invoices.listTitle", { site: SITE });
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const clientText = (invoice: Invoice) => invoice.clientName ?? (invoice.clientId === null ? "" : String(invoice.clientId));
  const empty = <ListEmpty label={translate("resources.invoices.importAction")} icon={<UploadFileIcon />} to={`/${resource}/import`} />;
  return (
    <RequireAccess resource={resource}>
      <ScreenHeading>{title}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Alert severity="info" sx={{ my: 1 }}>
        {translate("resources.invoices.listNote")}
      </Alert>
      <List
        resource={resource}
        title={title}
        sort={{ field: "id", order: "DESC" }}
        perPage={25}
        exporter={false}
        filters={invoiceListFilters(resource)}
        actions={
          <TopToolbar>
            <FilterButton />
            <NewDocumentButton resource={resource} />
            {resource === "invoices" && <ReminderSettingsButton />}
            {!phone && <SelectColumnsButton preferenceKey={`${resource}.columns`} />}
          </TopToolbar>
        }
        empty={false}
        error={<ListErrorAlert messageKey="resources.invoices.listError" />}
      >
        {phone ? (
          <SimpleList<Invoice>
            linkType="edit"
            empty={empty}
            primaryText={(invoice) => [invoiceName(invoice), clientText(invoice)].filter(Boolean).join(" · ")}
            secondaryText={(invoice) =>
              translate("resources.invoices.listEntry", {
                issued: formatDay(invoice.issueDate),
                due: formatDay(invoice.dueDate),
                status: invoiceStatusText(invoice, translate),
              })
            }
            // e-Factura's status (or its deadline flag) beside the total; nothing when there is neither.
            tertiaryText={(invoice) => (
              <>
                {totalText(invoice)} <EfacturaStatusChip efactura={invoice.efactura} quiet />
              </>
            )}
          />
        ) : (
          <DatagridConfigurable
            preferenceKey={`${resource}.columns`}
            omit={OPTIONAL_COLUMNS}
            // Selected invoices get 'Trimite reamintire' (proformas are not reminded: nothing is owed on them).
            bulkActionButtons={resource === "invoices" ? <SendReminderButton resource={resource} /> : false}
            rowClick="edit"
            empty={empty}
          >
            <FunctionField<Invoice> source="id" label="resources.invoices.fields.number" render={invoiceName} />
            <FunctionField<Invoice> source="clientName" label="resources.invoices.fields.client" render={clientText} />
            <RoDateField source="issueDate" />
            <RoDateField source="dueDate" sortable={false} />
            {/* An amount never breaks between its digits and its currency. */}
            <FunctionField<Invoice> source="total" sortable={false} textAlign="right" render={totalText} sx={{ whiteSpace: "nowrap" }} />
            <InvoiceLifeField label="resources.invoices.life.payment.column" />
            <InvoiceStatusField label="resources.invoices.fields.status" />
            {resource === "invoices" && (
              <FunctionField<Invoice>
                source="efactura"
                label="resources.invoices.filters.efactura"
                sortable={false}
                // Only what SmartBill issued goes to SPV: a request not sent shows nothing here.
                render={(invoice) => (invoice.status === "sent" ? <EfacturaStatusChip efactura={invoice.efactura} /> : null)}
              />
            )}
            <InvoiceRowActions label="resources.invoices.fields.actions" />
            <TextField source="seriesName" />
            <FunctionField<Invoice> source="draft" render={(invoice) => yesNo(invoice.draft)} />
            <TextField source="currency" />
            <TextField source="language" />
            <NumberField source="precision" />
            <FunctionField<Invoice> source="useStock" render={(invoice) => yesNo(invoice.useStock)} />
            <TextField source="mentions" emptyText="" />
            <TextField source="observations" emptyText="" />
          </DatagridConfigurable>
        )}
      </List>
    </RequireAccess>
  );
}
