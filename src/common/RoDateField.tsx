/**
 * A date shown the Romanian way (ro-RO), on Romania's calendar and clock whatever the browser's
 * zone (a task's start, a user's creation), or '—' when there is none (spec section 9).
 */
import { useRecordContext, useTranslate, type FieldProps } from "react-admin";
import Typography from "@mui/material/Typography";
import { ROMANIA_TIME_ZONE } from "./romanianTime";

export function formatRoDate(value: unknown, withTime = false): string | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : new Date(value as string | number);
  if (Number.isNaN(date.getTime())) return null;
  const zone = { timeZone: ROMANIA_TIME_ZONE };
  return withTime ? date.toLocaleString("ro-RO", zone) : date.toLocaleDateString("ro-RO", zone);
}

export function RoDateField({ source, showTime = false }: FieldProps & { source: string; showTime?: boolean }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const text = formatRoDate(record?.[source], showTime) ?? translate("app.notAvailable");
  return (
    <Typography component="span" variant="body2">
      {text}
    </Typography>
  );
}
