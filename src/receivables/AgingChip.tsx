/** A receivable's age as a chip: not yet due, then warmer colours the longer it is overdue. */
import { useTranslate } from "react-admin";
import Chip from "@mui/material/Chip";
import type { AgingBucket } from "../../contract/home";

const COLORS = { current: "default", "1-30": "info", "31-60": "warning", "61-90": "warning", "90+": "error" } as const;

export function AgingChip({ bucket }: { bucket: AgingBucket | undefined }) {
  const translate = useTranslate();
  if (!bucket || !(bucket in COLORS)) return null;
  return <Chip size="small" color={COLORS[bucket]} variant={bucket === "61-90" ? "filled" : "outlined"} label={translate(`resources.receivables.buckets.${bucket}`)} />;
}
