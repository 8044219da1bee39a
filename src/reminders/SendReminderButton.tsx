/**
 * 'Trimite reamintire': as a bulk action of a list of invoices (the selected rows' ids), or for
 * the invoices it is given (`invoiceIds`: the invoice's screen, 'Scadențe'). Opens the preview.
 */
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useListContextWithProps, useTranslate, useUnselectAll } from "react-admin";
import Button from "@mui/material/Button";
import NotificationsActiveIcon from "@mui/icons-material/NotificationsActive";
import { ReminderDialog } from "./ReminderDialog";

export function SendReminderButton({ invoiceIds, resource = "invoices" }: { invoiceIds?: number[]; resource?: string }) {
  const translate = useTranslate();
  const list = useListContextWithProps({});
  const unselectAll = useUnselectAll(resource);
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const ids = invoiceIds ?? ((list.selectedIds ?? []) as number[]);
  const close = () => {
    setOpen(false);
    // A reminder sent is on its invoice's history: an open one shows it.
    void queryClient.invalidateQueries({ queryKey: ["invoices", "history"] });
    if (!invoiceIds) unselectAll();
  };
  return (
    <>
      <Button size="small" startIcon={<NotificationsActiveIcon />} onClick={() => setOpen(true)} disabled={ids.length === 0}>
        {translate("reminders.send")}
      </Button>
      {open && <ReminderDialog invoiceIds={ids} onClose={close} />}
    </>
  );
}
