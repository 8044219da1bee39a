/**
 * Delete with a confirmation prompt (nothing is lost by one click); the server's refusal (a tenant
 * that still has users, a protected record) is shown as it was given.
 */
import { DeleteWithConfirmButton, useNotify, useRecordContext, useTranslate } from "react-admin";
import { errorMessage } from "./errorMessage";

interface Props {
  title: string;
  content: string;
  successMessage: string;
  /** the screen's own failure wording, put before the server's reason */
  errorPrefix?: string;
}

export function ConfirmDeleteButton({ title, content, successMessage, errorPrefix }: Props) {
  const record = useRecordContext();
  const notify = useNotify();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      confirmTitle={title}
      confirmContent={content}
      mutationMode="pessimistic"
      redirect={false}
      mutationOptions={{
        onSuccess: () => notify(successMessage, { type: "success" }),
        onError: (failure) => {
          const reason = errorMessage(failure, translate("app.genericError"));
          notify(errorPrefix ? `${errorPrefix} ${reason}` : reason, { type: "error" });
        },
      }}
    />
  );
}
