/**
 * 'Factură nouă' (/invoices/create): an invoice started on its screen rather than from a file.
 * The form is the import's (InvoiceFormFields, with its checks: a client, a warehouse while it
 * takes stock) and starts as the import does (today, 14 days to pay, SBL or SmartBill's first
 * series, RON, …); the client is searched, or added on the spot ('Client nou'). Created, it is a
 * draft without lines, and the clerk lands in its editor, where the lines are typed or picked
 * from the catalogue, auto-saved, checked and sent as an imported invoice's are.
 *
 * The screen serves any kind of document kept as an invoice row (a proforma too): its resource is
 * the `resource` prop or the resource of the route, and its words name the resource's record
 * ('Factură', 'Factură proformă'), unless the resource has its own `add` heading.
 */
import { useState } from "react";
import { Create, Form, SaveButton, useNotify, useRedirect, useResourceContext, useTranslate } from "react-admin";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Invoice } from "../../contract/api";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { InvoiceFormFields, type InvoiceFormValues } from "./InvoiceFormFields";
import { formPayload, newInvoiceForm } from "./invoiceDefaults";
import { useDefaultSeries } from "./useDefaultSeries";
import { useDocumentWords } from "./useDocumentWords";

/** The fields, with the series moved to SmartBill's first when it has no SBL. */
function NewDocumentFields() {
  useDefaultSeries();
  return <InvoiceFormFields importChecks addCustomer />;
}

const toPayload = (values: InvoiceFormValues) => formPayload(values);

export interface InvoiceCreateProps {
  /** the document's resource; the route's when absent ('invoices' outside any) */
  resource?: string;
  /** starting values over the import's defaults (e.g. another kind's series) */
  defaultValues?: Partial<InvoiceFormValues>;
}

export function InvoiceCreate({ resource: given, defaultValues }: InvoiceCreateProps) {
  const resource = useResourceContext({ resource: given }) ?? "invoices";
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const words = useDocumentWords(resource);
  const [defaults] = useState<InvoiceFormValues>(() => ({ ...newInvoiceForm(), ...defaultValues }));
  const title = words.newTitle;

  return (
    <RequireAccess resource={resource}>
      <ScreenHeading>{title}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Create<Invoice>
        resource={resource}
        title={title}
        transform={toPayload}
        component="div"
        mutationOptions={{
          onSuccess: (created: Invoice) => {
            const text = words.created(created.id);
            notify(text, { type: "success", messageArgs: { _: text } });
            redirect("edit", resource, created.id);
          },
          onError: (failure: unknown) => {
            const text = (failure as { body?: { message?: string } }).body?.message || translate("resources.invoices.document.failed");
            notify(text, { type: "error", messageArgs: { _: text } });
          },
        }}
      >
        <Paper sx={{ p: 2, mt: 2 }}>
          <Form defaultValues={defaults} mode="onChange" noValidate>
            <Stack spacing={2}>
              <Typography color="text.secondary">{translate("resources.invoices.document.intro")}</Typography>
              <NewDocumentFields />
              <div>
                <SaveButton label={translate("resources.invoices.document.create")} alwaysEnable />
              </div>
            </Stack>
          </Form>
        </Paper>
      </Create>
    </RequireAccess>
  );
}
