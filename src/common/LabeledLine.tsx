/** One value of a read-only page under its label, a dash when there is none. */
import type { ReactNode } from "react";
import { Labeled } from "react-admin";
import Typography from "@mui/material/Typography";

export function LabeledLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Labeled label={label}>
      <Typography variant="body2" component="span">
        {children || "—"}
      </Typography>
    </Labeled>
  );
}
