/**
 * The crash panel (spec section 2): 'Ceva nu a funcționat.', the error text and a collapsible
 * stack trace, which follows a moment later (ErrorStackTrace: its code is fetched on a crash).
 * Its words come straight from the Romanian messages (i18n/publicRo.ts, part of ro.ts): a crash
 * may have taken i18n down with it.
 */
import { lazy } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import { publicRo } from "../../i18n/publicRo";
import { OnDemand } from "../public/OnDemand";

const ErrorStackTrace = lazy(() => import("./ErrorStackTrace"));

export function ErrorPanel({ error }: { error?: unknown }) {
  const err = error instanceof Error ? error : new Error(String(error ?? ""));
  return (
    <Box role="alert" sx={{ p: 2, maxWidth: 960 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        <strong>{publicRo.error.title}</strong>
        <div>{err.message}</div>
      </Alert>
      {err.stack && (
        <OnDemand>
          <ErrorStackTrace stack={err.stack} />
        </OnDemand>
      )}
    </Box>
  );
}
