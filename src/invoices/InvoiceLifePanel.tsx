/**
 * The invoice's life in SmartBill on its screen: where it stands (cancelled, deleted, its storno
 * or the invoice it reverses, both linked), its payment status with the amounts and
 * 'Actualizează', the actions as buttons, 'Încasări' and 'Istoric'. A disabled action says why
 * beneath the buttons, in words on the screen (and in its tooltip): a SmartBill draft's reason
 * once for all, beside its 'Emite factura'. An invoice not sent yet has only its history (a
 * refused send, for instance). Any invoice offers 'Duplică'; a sent one shows SmartBill's public link.
 */
import type { ReactNode } from "react";
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import type { Invoice } from "../../contract/api";
import { DocumentLinks } from "./DocumentLinks";
import { DuplicateButton } from "./DuplicateButton";
import { InvoiceEfacturaCard } from "./InvoiceEfacturaCard";
import { InvoiceHistory } from "./InvoiceHistory";
import { InvoiceLink } from "./InvoiceLifeField";
import { InvoicePayments } from "./InvoicePayments";
import { formatMoney, formatWhen } from "./invoiceText";
import { PaymentStatusChip } from "./PaymentStatusChip";
import { PublicLink } from "./PublicLink";
import { type LifeAction, useInvoiceLife } from "./useInvoiceLife";

function ActionButton({ action, variant = "outlined" }: { action: LifeAction; variant?: "outlined" | "text" | "contained" }) {
  const button = (
    <Button variant={variant} size="small" startIcon={action.icon} disabled={!action.enabled} onClick={action.onClick}>
      {action.label}
    </Button>
  );
  // A disabled button gets no pointer events: the tooltip hangs on a wrapper.
  return action.why ? (
    <Tooltip title={action.why}>
      <span>{button}</span>
    </Tooltip>
  ) : (
    button
  );
}

/**
 * Why the disabled actions are disabled, on the screen: one reason shared by all of them (a
 * SmartBill draft) as a note, otherwise each reason with the actions it holds back.
 */
function UnavailableReasons({ actions }: { actions: LifeAction[] }) {
  const translate = useTranslate();
  // 'busy' passes in a moment: the spinner says it.
  const disabled = actions.filter((action) => !action.enabled && action.why && action.reason !== "busy");
  if (disabled.length === 0) return null;
  const reasons = new Map<string, string[]>();
  for (const action of disabled) reasons.set(action.why!, [...(reasons.get(action.why!) ?? []), action.label]);
  const blocking = actions.filter((action) => action.action !== "issue");
  if (reasons.size === 1 && disabled.length === blocking.length) {
    return (
      <Alert severity="info" sx={{ my: 1 }} data-testid="unavailable-reasons">
        {[...reasons.keys()][0]}
      </Alert>
    );
  }
  return (
    <Stack component="ul" spacing={0.25} sx={{ my: 1, pl: 2.5 }} data-testid="unavailable-reasons">
      {[...reasons].map(([why, labels]) => (
        <Typography key={why} component="li" variant="body2" color="text.secondary">
          {translate("resources.invoices.life.unavailable", { actions: labels.join(", "), why })}
        </Typography>
      ))}
    </Stack>
  );
}

function PaymentSummary({ invoice, refresh }: { invoice: Invoice; refresh: LifeAction }) {
  const translate = useTranslate();
  const { payment, currency } = invoice;
  return (
    <Stack spacing={0.5} sx={{ my: 1 }}>
      <Stack direction="row" spacing={1} alignItems="center" useFlexGap flexWrap="wrap">
        <Typography variant="body2" component="span">
          {translate("resources.invoices.life.payment.column")}:
        </Typography>
        <PaymentStatusChip payment={payment} />
        {payment && (
          <Typography variant="body2" component="span" data-testid="payment-amounts">
            {translate("resources.invoices.life.payment.amounts", {
              paid: formatMoney(payment.paid, currency),
              total: formatMoney(payment.total, currency),
              unpaid: formatMoney(payment.unpaid, currency),
            })}
          </Typography>
        )}
        <ActionButton action={refresh} variant="text" />
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {payment ? translate("resources.invoices.life.payment.checkedAt", { when: formatWhen(payment.checkedAt) }) : translate("resources.invoices.life.payment.neverChecked")}
      </Typography>
    </Stack>
  );
}

function SentInvoiceLife({ invoice, children }: { invoice: Invoice; children?: ReactNode }) {
  const translate = useTranslate();
  const { actions, dialogs, run, pending } = useInvoiceLife(invoice);
  const issued = !!invoice.sentNumber;
  // None on a proforma, which is not paid.
  const refresh = actions.find(({ action }) => action === "paymentStatus");
  return (
    <>
      {invoice.deletedFromSmartBill && <Alert severity="warning" sx={{ mb: 1 }}>{translate("resources.invoices.life.links.deleted")}</Alert>}
      {invoice.cancelled && !invoice.deletedFromSmartBill && (
        <Alert severity="warning" sx={{ mb: 1 }}>{translate("resources.invoices.life.links.cancelled")}</Alert>
      )}
      {invoice.reversalOfId !== null && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="storno-link">
          {translate("resources.invoices.life.links.stornoOf", { id: invoice.reversalOfId })}{" "}
          <InvoiceLink id={invoice.reversalOfId}>{translate("resources.invoices.life.links.open", { id: invoice.reversalOfId })}</InvoiceLink>
        </Alert>
      )}
      {invoice.reversedById !== null && (
        <Alert severity="info" sx={{ mb: 1 }} data-testid="storno-link">
          {translate("resources.invoices.life.links.reversedBy", { id: invoice.reversedById })}{" "}
          <InvoiceLink id={invoice.reversedById}>{translate("resources.invoices.life.links.open", { id: invoice.reversedById })}</InvoiceLink>
        </Alert>
      )}
      <DocumentLinks document={invoice} />
      {!invoice.deletedFromSmartBill && <PublicLink url={invoice.documentViewUrl} />}
      {issued && !invoice.deletedFromSmartBill && refresh && <PaymentSummary invoice={invoice} refresh={refresh} />}
      {issued && <InvoiceEfacturaCard invoice={invoice} />}
      {/* Deleted from SmartBill: nothing is left to do there, only the history to read. */}
      {!invoice.deletedFromSmartBill && (
        <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" role="group" aria-label={translate("resources.invoices.life.title")} sx={{ my: 1 }}>
          {actions
            .filter(({ action }) => action !== "paymentStatus")
            .map((action) => (
              <ActionButton key={action.action} action={action} variant={action.action === "issue" ? "contained" : "outlined"} />
            ))}
          {children}
        </Stack>
      )}
      {!invoice.deletedFromSmartBill && <UnavailableReasons actions={actions.filter(({ action }) => action !== "paymentStatus")} />}
      {issued && !invoice.deletedFromSmartBill && refresh && <InvoicePayments invoice={invoice} run={run} pending={pending} />}
      {dialogs}
    </>
  );
}

/** `children`: a document kind's own actions, among the buttons ('Transformă în factură' on a proforma). */
export function InvoiceLifePanel({ invoice, children }: { invoice: Invoice; children?: ReactNode }) {
  const translate = useTranslate();
  const sent = invoice.status === "sent";
  return (
    <Paper sx={{ p: 2, mt: 2 }}>
      {/* 'Duplică' applies to any invoice, sent or not: it heads the panel either way. */}
      <Stack direction="row" spacing={1} alignItems="center" justifyContent="space-between">
        {sent && (
          <Typography variant="h6" component="h2">
            {translate("resources.invoices.life.title")}
          </Typography>
        )}
        <DuplicateButton document={invoice} />
      </Stack>
      {sent && <SentInvoiceLife invoice={invoice}>{children}</SentInvoiceLife>}
      <InvoiceHistory invoiceId={invoice.id} />
    </Paper>
  );
}
