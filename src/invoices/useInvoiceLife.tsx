/**
 * A sent invoice's actions, as the invoice's screen (buttons) and the list (a menu per row) show
 * them: each with its label, icon, whether it applies now (and why not), and what a click does;
 * plus the dialogs those clicks open. The destructive ones (Anulează, Stornează, Șterge din
 * SmartBill) ask first, saying what will happen. A storno's request id is made when its
 * confirmation opens and kept for every retry from it, so it is never issued twice.
 *
 * A SmartBill draft gets 'Emite factura' first: it asks, saying the invoice is sent again as a
 * fiscal one and the draft stays in SmartBill to delete there; the server issues it once.
 */
import { type ReactElement, type ReactNode, useState } from "react";
import { Confirm, useDataProvider, useTranslate } from "react-admin";
import CancelIcon from "@mui/icons-material/Cancel";
import DeleteForeverIcon from "@mui/icons-material/DeleteForever";
import EmailIcon from "@mui/icons-material/Email";
import PaymentsIcon from "@mui/icons-material/Payments";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import RefreshIcon from "@mui/icons-material/Refresh";
import RestoreIcon from "@mui/icons-material/Restore";
import TaskAltIcon from "@mui/icons-material/TaskAlt";
import UndoIcon from "@mui/icons-material/Undo";
import type { Invoice } from "../../contract/api";
import { saveFile } from "../common/saveFile";
import type { AppDataProvider } from "../providers/customMethods";
import { EmailInvoiceDialog } from "./EmailInvoiceDialog";
import { useDocumentKind } from "./documentKind";
import { type ActionRule, INVOICE_ONLY_ACTIONS, type InvoiceAction, invoiceActionRules, issueDraftRule } from "./invoiceActionRules";
import { invoiceName, newRequestId } from "./invoiceText";
import { PaymentDialog } from "./PaymentDialog";
import { sendOutcome } from "./sendResultText";
import { type RunAction, type RunnerAction, useInvoiceActionRunner } from "./useInvoiceActionRunner";

export interface LifeAction {
  action: InvoiceAction | "issue";
  label: string;
  icon: ReactElement;
  enabled: boolean;
  /** Why it is disabled (a tooltip, and words beneath the buttons), when it is. */
  why?: string;
  /** The reason's key under invoiceLife.why ('busy' while another action runs). */
  reason?: string;
  onClick: () => void;
}

type Confirmable = "cancel" | "reverse" | "delete" | "issue";
type Open = "email" | "payment" | Confirmable;

const ICONS: Record<InvoiceAction, ReactElement> = {
  pdf: <PictureAsPdfIcon />,
  email: <EmailIcon />,
  payment: <PaymentsIcon />,
  paymentStatus: <RefreshIcon />,
  cancel: <CancelIcon />,
  restore: <RestoreIcon />,
  reverse: <UndoIcon />,
  delete: <DeleteForeverIcon />,
};

export function useInvoiceLife(invoice: Invoice): {
  actions: LifeAction[];
  dialogs: ReactNode;
  run: RunAction;
  pending: RunnerAction | null;
} {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { run, pending } = useInvoiceActionRunner();
  const { isProforma } = useDocumentKind();
  const [open, setOpen] = useState<Open | null>(null);
  // Made when the storno's confirmation opens, sent with every confirmation from it.
  const [reverseRequestId, setReverseRequestId] = useState("");
  const close = () => setOpen(null);
  const name = invoiceName(invoice);

  const downloadPdf = () =>
    run("pdf", async () => {
      const file = await dataProvider.invoicePdf(invoice.id);
      saveFile(file, `${isProforma ? "proforma" : "factura"}${invoice.sentSeries ?? ""}${invoice.sentNumber ?? ""}.pdf`);
      return { message: translate("resources.invoices.life.pdfSaved", { name }) };
    });

  const clicks: Record<InvoiceAction, () => void> = {
    pdf: () => void downloadPdf(),
    email: () => setOpen("email"),
    payment: () => setOpen("payment"),
    paymentStatus: () => void run("paymentStatus", () => dataProvider.refreshPaymentStatus(invoice.id)),
    cancel: () => setOpen("cancel"),
    restore: () => void run("restore", () => dataProvider.restoreInvoice(invoice.id)),
    reverse: () => {
      setReverseRequestId(newRequestId());
      setOpen("reverse");
    },
    delete: () => setOpen("delete"),
  };

  const rules: [InvoiceAction | "issue", ActionRule][] = (Object.entries(invoiceActionRules(invoice)) as [InvoiceAction, ActionRule][]).filter(
    ([action]) => !isProforma || !INVOICE_ONLY_ACTIONS.includes(action),
  );
  const issue = isProforma ? undefined : issueDraftRule(invoice);
  if (issue) rules.unshift(["issue", issue]);
  const actions = rules.map(([action, rule]): LifeAction => {
    const why = !rule.enabled ? rule.why : pending ? "busy" : undefined;
    return {
      action,
      label: translate(`resources.invoices.life.actions.${action}`),
      icon: action === "issue" ? <TaskAltIcon /> : ICONS[action],
      enabled: why === undefined,
      why: why && translate(`resources.invoices.life.why.${why}`),
      reason: why,
      onClick: action === "issue" ? () => setOpen("issue") : clicks[action],
    };
  });

  /** The draft sent again as an invoice: SmartBill's refusal is told as one; the draft left behind is said. */
  const issueDraft = async () => {
    const result = await dataProvider.issueDraftInvoice(invoice.id);
    const outcome = sendOutcome(result, translate);
    if (outcome.kind === "refused") throw Object.assign(new Error(outcome.text), { status: 409 });
    return { message: `${outcome.text} ${translate("resources.invoices.life.issue.draftStays")}` };
  };

  const confirmed = async (dialog: Confirmable) => {
    const calls = {
      issue: issueDraft,
      cancel: () => dataProvider.cancelInvoice(invoice.id),
      reverse: () => dataProvider.reverseInvoice(invoice.id, reverseRequestId),
      delete: () => dataProvider.deleteInvoiceFromSmartBill(invoice.id),
    };
    // An unknown outcome leaves the confirmation open: confirming again retries with the same request id.
    const outcome = await run(dialog, calls[dialog]);
    if (outcome.done || !outcome.retryable) close();
  };

  let dialogs: ReactNode = null;
  if (open === "email") {
    dialogs = <EmailInvoiceDialog invoice={invoice} run={run} sending={pending === "email"} onClose={close} />;
  } else if (open === "payment") {
    dialogs = <PaymentDialog invoice={invoice} run={run} saving={pending === "payment"} onClose={close} />;
  } else if (open) {
    const dialog = open;
    const issuing = dialog === "issue";
    dialogs = (
      <Confirm
        isOpen
        loading={pending === dialog}
        title={issuing ? translate("resources.invoices.life.issue.title", { name }) : translate(`resources.invoices.life.confirm.${dialog}Title`, { name })}
        content={
          issuing
            ? translate("resources.invoices.life.issue.content", { series: invoice.seriesName })
            : translate(`resources.invoices.life.confirm.${dialog}Content`)
        }
        confirm={translate(`resources.invoices.life.actions.${dialog}`)}
        confirmColor={issuing ? "primary" : "warning"}
        cancel={translate("resources.invoices.life.confirm.no")}
        onConfirm={() => void confirmed(dialog)}
        onClose={close}
      />
    );
  }
  return { actions, dialogs, run, pending };
}
