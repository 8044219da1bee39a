/**
 * What e-Factura would refuse of the invoice's customer (GET /{id}/buyer-check), for the send
 * button to stand in the clerk's way: read for the customer the server holds, so again once a
 * newly chosen customer is saved (not before: the server would still answer for the old one),
 * when the clerk comes back to the tab (the customer corrected elsewhere) and each time the
 * screen opens. A check that cannot be read stops nothing: the send works as it always did.
 *
 * The send's two clicks: with problems, the first one only confirms (`confirming`, the alert made
 * prominent); the second sends despite them. A change in the problems asks again.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { useDataProvider } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import type { BuyerCheck } from "../../contract/api";
import { useDocumentKind } from "./documentKind";
import type { AppDataProvider } from "../providers/customMethods";
import type { SaveState } from "./autoSaver";
import type { InvoiceFormValues } from "./InvoiceFormFields";
import { useStoreValue, type ValueStore } from "./valueStore";

const clientIdOf = (values: InvoiceFormValues) => values.clientId;
const isSaved = (state: SaveState) => state.status === "saved" && !state.saving;

/** The problems as one key: the same problems of the same customer confirm once. */
const signatureOf = (check: BuyerCheck) => JSON.stringify([check.customerId, check.problems.map((problem) => problem.code)]);

export interface BuyerCheckState {
  /** The check of the customer the form shows; undefined until the server holds and has answered for it. */
  check: BuyerCheck | undefined;
  /** The first click was made on these problems: the next one sends despite them. */
  confirming: boolean;
  /** The send button's click: `send(acceptBuyerProblems)`, or the confirmation first. */
  click: (send: (acceptBuyerProblems: boolean) => void) => Promise<void>;
}

export function useBuyerCheck(invoiceId: number, values: ValueStore<InvoiceFormValues>, saveState: ValueStore<SaveState>): BuyerCheckState {
  const dataProvider = useDataProvider<AppDataProvider>();
  // A proforma is not a fiscal document: e-Factura never sees it, so its customer is not checked.
  const { isProforma } = useDocumentKind();
  // Re-renders when another customer is chosen, not as the other fields are typed in.
  const clientId = useStoreValue(values, clientIdOf);
  const query = useQuery({
    queryKey: ["invoices", "buyerCheck", invoiceId],
    queryFn: ({ signal }) => dataProvider.invoiceBuyerCheck(invoiceId, signal),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: "always",
    enabled: !isProforma,
  });
  const { data, refetch } = query;
  // The answer names the customer the server checked: one for another customer is not shown.
  const check = data && data.customerId === clientId ? data : undefined;

  // Once the form is saved with a customer the last answer is not about, ask again. Read from the
  // stores as they change, so that saving re-renders nothing here.
  const answered = useRef(data);
  answered.current = data;
  useEffect(
    () =>
      saveState.subscribe(() => {
        if (!isProforma && isSaved(saveState.get()) && answered.current && answered.current.customerId !== values.get().clientId) void refetch();
      }),
    [saveState, values, refetch, isProforma],
  );

  const [confirmedFor, setConfirmedFor] = useState<string | null>(null);
  const confirming = !!check && check.problems.length > 0 && confirmedFor === signatureOf(check);

  const click = useCallback(
    async (send: (acceptBuyerProblems: boolean) => void) => {
      if (isProforma) return send(false);
      // No answer for this customer yet (the screen just opened): ask now rather than send unchecked.
      // One still about another customer (chosen, not yet saved) cannot stop the send.
      const fresh = check ?? (await refetch()).data;
      const known = fresh && fresh.customerId === values.get().clientId ? fresh : undefined;
      if (!known || known.problems.length === 0) return send(false);
      if (confirmedFor === signatureOf(known)) return send(true);
      setConfirmedFor(signatureOf(known));
    },
    [check, confirmedFor, refetch, values, isProforma],
  );

  return { check, confirming, click };
}
