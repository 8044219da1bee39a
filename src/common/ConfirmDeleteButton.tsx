/**
 * Delete with a confirmation prompt (nothing is lost by one click); the server's refusal (a tenant
 * that still has users, a protected record) is shown as it was given. A row of a list stays on its
 * list; an edit screen, whose record is gone, goes back to its list (`redirect="list"`).
 */
import {
  DeleteWithConfirmButton,
  type RedirectionSideEffect,
  useNotify,
  useRecordContext,
  useRedirect,
  useResourceContext,
  useTranslate,
} from "react-admin";
import { errorMessage } from "./errorMessage";

interface Props {
  title: string;
  content: string;
  successMessage: string;
  /** the screen's own failure wording, put before the server's reason */
  errorPrefix?: string;
  /** where to go once deleted; nowhere by default */
  redirect?: RedirectionSideEffect;
}

export function ConfirmDeleteButton({ title, content, successMessage, errorPrefix, redirect = false }: Props) {
  const record = useRecordContext();
  const resource = useResourceContext();
  const notify = useNotify();
  const goTo = useRedirect();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={title}
      confirmContent={content}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        // Given here, this replaces react-admin's own success effects, its redirect among them.
        onSuccess: () => {
          // Sentences already translated: shown as they are (`_`), not looked up as keys.
          notify(successMessage, { type: "success", messageArgs: { _: successMessage } });
          if (redirect !== false) goTo(redirect, resource);
        },
        onError: (failure) => {
          const reason = errorMessage(failure, translate("app.genericError"));
          const sentence = errorPrefix ? `${errorPrefix} ${reason}` : reason;
          notify(sentence, { type: "error", messageArgs: { _: sentence } });
        },
      }}
    />
  );
}
