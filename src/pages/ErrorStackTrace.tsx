/**
 * The crash panel's collapsible stack trace (ErrorPanel), in a module of its own: fetched only
 * when something has crashed.
 */
import Accordion from "@mui/material/Accordion";
import AccordionDetails from "@mui/material/AccordionDetails";
import AccordionSummary from "@mui/material/AccordionSummary";
import Box from "@mui/material/Box";
import ExpandMoreIcon from "@mui/icons-material/ExpandMore";
import { publicRo } from "../../i18n/publicRo";

export default function ErrorStackTrace({ stack }: { stack: string }) {
  return (
    <Accordion>
      <AccordionSummary expandIcon={<ExpandMoreIcon />}>{publicRo.error.details}</AccordionSummary>
      <AccordionDetails>
        <Box component="pre" sx={{ whiteSpace: "pre-wrap", fontSize: 12, m: 0 }}>
          {stack}
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}
