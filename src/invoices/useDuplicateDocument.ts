/**
 * 'Duplică': asks the server for a new draft of the same kind from the document (form and lines
 * copied, dated today, nothing of its send), then opens the copy's editor and says so. A refusal
 * is said in the server's words; the button waits while the copy is made, so a double click
 * makes one copy.
 */
import { useState } from "react";
import { useDataProvider, useNotify, useRedirect, useTranslate } from "react-admin";
import type { AppDataProvider } from "../providers/customMethods";
import { documentResourceOf } from "./documentResource";
import { useDocumentWords } from "./useDocumentWords";

export function useDuplicateDocument(document: { id: number; documentType?: string | null }, resource = documentResourceOf(document)) {
  const translate = useTranslate();
  const notify = useNotify();
  const redirect = useRedirect();
  const dataProvider = useDataProvider<AppDataProvider>();
  const words = useDocumentWords(resource);
  const [pending, setPending] = useState(false);

  const duplicate = async () => {
    if (pending) return;
    setPending(true);
    try {
      const copy = await dataProvider.duplicateDocument(resource, document.id);
      const text = words.duplicated(copy.id);
      notify(text, { type: "success", messageArgs: { _: text } });
      redirect("edit", resource, copy.id);
    } catch (failure) {
      const message = (failure as { body?: { message?: string } }).body?.message;
      const text = translate("resources.invoices.document.duplicateFailed", { message: message || translate("resources.invoices.document.failed") });
      notify(text, { type: "error", messageArgs: { _: text } });
    } finally {
      setPending(false);
    }
  };
  return { duplicate, pending, label: translate("resources.invoices.document.duplicate") };
}
