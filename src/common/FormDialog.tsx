/**
 * The add/edit modal of the administration screens: a react-admin Form in a dialog that creates
 * a record (no `record`) or updates the given one, closes on success with a notice, and keeps
 * the server's refusal on screen (a duplicate name, a protected record) so nothing typed is lost.
 */
import { useState, type ReactNode } from "react";
import {
  Form,
  ResourceContextProvider,
  SaveButton,
  useCreate,
  useNotify,
  useRefresh,
  useTranslate,
  useUpdate,
  type RaRecord,
  type ValidateForm,
} from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import { errorMessage } from "./errorMessage";

export interface FormDialogProps<T extends RaRecord> {
  resource: string;
  /** the record to edit; absent: a new one */
  record?: T;
  title: string;
  successMessage: string;
  onClose: () => void;
  /** called with the server's answer after a successful create or update */
  onSaved?: (saved: T) => void;
  /** what is sent, from the form's values */
  transform?: (values: Record<string, any>) => Record<string, any>;
  validate?: ValidateForm;
  defaultValues?: Record<string, unknown>;
  children: ReactNode;
}

export function FormDialog<T extends RaRecord>({
  resource,
  record,
  title,
  successMessage,
  onClose,
  onSaved,
  transform = (values) => values,
  validate,
  defaultValues,
  children,
}: FormDialogProps<T>) {
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [create] = useCreate<T>();
  const [update] = useUpdate<T>();
  const [error, setError] = useState<string | null>(null);

  const submit = async (values: Record<string, any>) => {
    setError(null);
    const data = transform(values) as Partial<T>;
    try {
      const saved = record
        ? await update(resource, { id: record.id, data, previousData: record }, { returnPromise: true })
        : await create(resource, { data }, { returnPromise: true });
      notify(successMessage, { type: "success" });
      refresh();
      onClose();
      onSaved?.(saved as T);
    } catch (failure) {
      setError(errorMessage(failure, translate("app.genericError")));
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="form-dialog-title">
      {/* The inputs' labels are the resource's field names (resources.<name>.fields). */}
      <ResourceContextProvider value={resource}>
        <Form record={record ?? defaultValues} onSubmit={submit} validate={validate} noValidate>
          <DialogTitle id="form-dialog-title">{title}</DialogTitle>
          <DialogContent>
            {error && (
              <Alert severity="error" sx={{ mb: 2 }}>
                {error}
              </Alert>
            )}
            {children}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{translate("formDialog.cancel")}</Button>
            <SaveButton label="formDialog.save" alwaysEnable />
          </DialogActions>
        </Form>
      </ResourceContextProvider>
    </Dialog>
  );
}
