/**
 * A sent invoice's actions, as the invoice's screen (buttons) and the list (a menu per row) show
 * them: each with its label, icon, whether it applies now (and why not), and what a click does;
 * plus the dialogs those clicks open. The destructive ones (Anulează, Stornează, Șterge din
 * SmartBill) ask first, saying what will happen. A storno's request id is made when its
 * confirmation opens and kept for every retry from it, so it is never issued twice.
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
import UndoIcon from "@mui/icons-material/Undo";
import type { Invoice } from "../../contract/api";
import { saveFile } from "../common/saveFile";
import type { AppDataProvider } from "../providers/customMethods";
import { EmailInvoiceDialog } from "./EmailInvoiceDialog";
import { type ActionRule, type InvoiceAction, invoiceActionRules } from "./invoiceActionRules";
import { invoiceName, newRequestId } from "./invoiceText";
import { PaymentDialog } from "./PaymentDialog";
import { type RunAction, type RunnerAction, useInvoiceActionRunner } from "./useInvoiceActionRunner";

export interface LifeAction {
  action: InvoiceAction;
  label: string;
  icon: ReactElement;
  enabled: boolean;
  /** Why it is disabled (a tooltip), when it is. */
  why?: string;
  onClick: () => void;
}

type Confirmable = "cancel" | "reverse" | "delete";
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
  const [open, setOpen] = useState<Open | null>(null);
  // Made when the storno's confirmation opens, sent with every confirmation from it.
  const [reverseRequestId, setReverseRequestId] = useState("");
  const close = () => setOpen(null);
  const name = invoiceName(invoice);

  const downloadPdf = () =>
    run("pdf", async () => {
      const file = await dataProvider.invoicePdf(invoice.id);
      saveFile(file, `factura${invoice.sentSeries ?? ""}${invoice.sentNumber ?? ""}.pdf`);
      return { message: translate("invoiceLife.pdfSaved", { name }) };
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

  const rules = invoiceActionRules(invoice);
  const actions = (Object.entries(rules) as [InvoiceAction, ActionRule][]).map(([action, rule]): LifeAction => {
    const why = !rule.enabled ? rule.why : pending ? "busy" : undefined;
    return {
      action,
      label: translate(`invoiceLife.actions.${action}`),
      icon: ICONS[action],
      enabled: why === undefined,
      why: why && translate(`invoiceLife.why.${why}`),
      onClick: clicks[action],
    };
  });

  const confirmed = async (dialog: Confirmable) => {
    const calls = {
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
    dialogs = (
      <Confirm
        isOpen
        loading={pending === dialog}
        title={translate(`invoiceLife.confirm.${dialog}Title`, { name })}
        content={translate(`invoiceLife.confirm.${dialog}Content`)}
        confirm={translate(`invoiceLife.actions.${dialog}`)}
        confirmColor="warning"
        cancel={translate("invoiceLife.confirm.no")}
        onConfirm={() => void confirmed(dialog)}
        onClose={close}
      />
    );
  }
  return { actions, dialogs, run, pending };
}
