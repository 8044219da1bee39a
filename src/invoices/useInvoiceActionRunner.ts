/**
 * Runs one action on an invoice at a time and says how it went: SmartBill's (or the server's)
 * message as a notification, a refusal (409: busy, or SmartBill's own words) and a lockout (429,
 * with the time it ends) as warnings, anything else as an error. A failure whose outcome is unknown
 * (no answer, a time-out, a 5xx) is `retryable`: a confirmation stays open to try again with the
 * same request id; a refusal closes it. Afterwards, whatever happened,
 * the invoice, its payments and its history are read again: a refused or failed action is in the
 * history too.
 */
import { useCallback, useRef, useState } from "react";
import { useNotify, useTranslate } from "react-admin";
import { useQueryClient } from "@tanstack/react-query";
import { errorMessage } from "../common/errorMessage";
import { useDocumentKind } from "./documentKind";
import type { InvoiceAction } from "./invoiceActionRules";

export type RunnerAction = InvoiceAction | "paymentDelete" | "issue";

export type RunOutcome<T> = { done: true; result: T } | { done: false; retryable: boolean };

export type RunAction = <T extends { message?: string }>(action: RunnerAction, call: () => Promise<T>) => Promise<RunOutcome<T>>;

function failureStatus(failure: unknown): number | undefined {
  return (failure as { status?: number })?.status;
}

export function useInvoiceActionRunner(): { run: RunAction; pending: RunnerAction | null } {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<RunnerAction | null>(null);
  const { resource } = useDocumentKind();
  // Set at once (state waits for a render): a second click in the same instant is dropped.
  const inFlight = useRef(false);

  const run = useCallback<RunAction>(
    async (action, call) => {
      if (inFlight.current) return { done: false, retryable: false };
      inFlight.current = true;
      setPending(action);
      try {
        const result = await call();
        // The server's own sentence: shown as it is (`_` keeps react-admin from reading it as a key).
        if (result.message) notify(result.message, { type: "success", multiLine: true, messageArgs: { _: result.message } });
        return { done: true, result };
      } catch (failure) {
        const status = failureStatus(failure);
        const message = errorMessage(failure, translate("resources.invoices.life.genericError"));
        notify(message, {
          messageArgs: { _: message },
          type: status === 409 || status === 429 ? "warning" : "error",
          multiLine: true,
          autoHideDuration: 10_000,
        });
        return { done: false, retryable: status === undefined || status === 0 || status >= 500 };
      } finally {
        inFlight.current = false;
        setPending(null);
        // The list, the screen, the payments and the history all hang under the resource's key.
        void queryClient.invalidateQueries({ queryKey: ["invoices"] });
        if (resource !== "invoices") void queryClient.invalidateQueries({ queryKey: [resource] });
      }
    },
    [notify, translate, queryClient, resource],
  );
  return { run, pending };
}
