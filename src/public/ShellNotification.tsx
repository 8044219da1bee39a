/**
 * The passing message at the bottom of the public pages, drawn as react-admin's <Notification>:
 * four seconds, centred at the bottom, coloured by its type. A module of its own, fetched with
 * the first message (PublicShell): most visits have none.
 */
import { useState } from "react";
import Snackbar from "@mui/material/Snackbar";
import type { NoticeType } from "./pageFrame";

export interface Notice {
  /** Tells a repeated message apart from the one already shown, so it shows again. */
  id: number;
  text: string;
  type: NoticeType;
}

const AUTO_HIDE_MS = 4_000;

/** Shows `notice` until it times out or is dismissed, then fades it out; a new one starts afresh. */
export default function ShellNotification({ notice }: { notice: Notice | null }) {
  const [closedId, setClosedId] = useState<number | null>(null);
  const colours = notice && notice.type !== "info" ? { bgcolor: `${notice.type}.main`, color: `${notice.type}.contrastText` } : {};
  return (
    <Snackbar
      key={notice?.id}
      open={!!notice && notice.id !== closedId}
      message={notice?.text}
      autoHideDuration={AUTO_HIDE_MS}
      anchorOrigin={{ vertical: "bottom", horizontal: "center" }}
      onClose={() => setClosedId(notice?.id ?? null)}
      slotProps={{ content: { sx: colours } }}
    />
  );
}
