/**
 * The crash panel (spec section 2): 'Something went wrong.', the error text and a collapsible
 * stack trace. Its words come straight from the Romanian messages (i18n/publicRo.ts, part of
 * ro.ts): a crash may have taken i18n down with it.
 */
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { publicRo } from "../../i18n/publicRo";

export function ErrorPanel({ error }: { error?: unknown }) {
  const err = error instanceof Error ? error : new Error(String(error ?? ""));
  return (
    <Box role="alert" sx={{ p: 2, maxWidth: 960 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        <strong>{publicRo.error.title}</strong>
        <div>{err.message}</div>
      </Alert>
      {err.stack && (
        <Accordion>
          <AccordionSummary expandIcon={<ExpandMoreIcon />}>{publicRo.error.details}</AccordionSummary>
          <AccordionDetails>
            <Box component="pre" sx={{ whiteSpace: "pre-wrap", fontSize: 12, m: 0 }}>
              {err.stack}
            </Box>
          </AccordionDetails>
        </Accordion>
      )}
    </Box>
  );
}
