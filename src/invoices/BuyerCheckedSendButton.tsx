/**
 * 'Trimite Factura' with the buyer check before it (useBuyerCheck): the customer's problems for
 * e-Factura shown above the button; with problems, the first click shows them prominently and
 * makes the button 'Trimite oricum', the second sends despite them. Its own component, so that
 * only it re-renders as the customer and the save state change.
 */
import { useTranslate } from "react-admin";
import Button from "@mui/material/Button";
import SendIcon from "@mui/icons-material/Send";
import type { SaveState } from "./autoSaver";
import { BuyerCheckAlert } from "./BuyerCheckAlert";
import type { InvoiceFormValues } from "./InvoiceFormFields";
import { useBuyerCheck } from "./useBuyerCheck";
import type { ValueStore } from "./valueStore";

export function BuyerCheckedSendButton({
  invoiceId,
  values,
  saveState,
  sending,
  onSend,
}: {
  invoiceId: number;
  values: ValueStore<InvoiceFormValues>;
  saveState: ValueStore<SaveState>;
  sending: boolean;
  onSend: (acceptBuyerProblems: boolean) => void;
}) {
  const translate = useTranslate();
  const { check, confirming, click } = useBuyerCheck(invoiceId, values, saveState);
  const label = sending ? "resources.invoices.sending" : confirming ? "resources.invoices.buyerCheck.sendAnyway" : "resources.invoices.send";
  return (
    <>
      <BuyerCheckAlert check={check} prominent={confirming} />
      <Button
        variant="contained"
        color={confirming ? "error" : "success"}
        size="large"
        startIcon={<SendIcon />}
        onClick={() => void click(onSend)}
        disabled={sending}
        sx={{ mt: 3 }}
      >
        {translate(label)}
      </Button>
    </>
  );
}
