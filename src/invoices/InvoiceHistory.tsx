/**
 * 'Istoric': every action taken on the invoice, oldest first, as a timeline: what, how it ended
 * (a refusal and a failure marked as such), who and when, and SmartBill's answer. An e-Factura
 * event (the SPV sync's) says SPV's status in its own words: 'e-Factura: Validată',
 * 'e-Factura: Respinsă — <ANAF's error>', 'e-Factura: Trimisă la ANAF'.
 */
import { useDataProvider, useTranslate } from "react-admin";
import { useQuery } from "@tanstack/react-query";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import BlockIcon from "@mui/icons-material/Block";
import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import InfoIcon from "@mui/icons-material/Info";
import type { InvoiceEvent } from "../../contract/api";
import { EFACTURA_STATUS_LABELS, EFACTURA_STATUSES, type EfacturaStatus } from "../../contract/efactura";
import { errorMessage } from "../common/errorMessage";
import type { AppDataProvider } from "../providers/customMethods";
import { formatWhen } from "./invoiceText";

const MARKS = {
  ok: <CheckCircleIcon color="success" fontSize="small" />,
  refused: <BlockIcon color="error" fontSize="small" />,
  failed: <ErrorIcon color="warning" fontSize="small" />,
} as const;

/** Events that are our own note rather than an action SmartBill answered: no outcome, and the text is ours. */
const NOTES: ReadonlySet<InvoiceEvent["action"]> = new Set(["buyerProblemsAccepted"]);

const EFACTURA_MARKS = {
  sent: <InfoIcon color="info" fontSize="small" />,
  validated: <CheckCircleIcon color="success" fontSize="small" />,
  rejected: <BlockIcon color="error" fontSize="small" />,
} as const;

/** SPV's status an e-Factura event recorded (detail {status, error?, messageId}), or undefined when it names none. */
function efacturaStatusOf(event: InvoiceEvent): { status: EfacturaStatus; error: string | null } | undefined {
  if (event.action !== "efactura") return undefined;
  const status = event.detail?.status;
  if (typeof status !== "string" || !(EFACTURA_STATUSES as readonly string[]).includes(status)) return undefined;
  const error = event.detail?.error;
  return { status: status as EfacturaStatus, error: typeof error === "string" && error ? error : null };
}

/** 'e-Factura: Respinsă — <error>': what SPV said, instead of SmartBill's outcome and answer. */
function EfacturaEntry({ event, spv, last }: { event: InvoiceEvent; spv: { status: EfacturaStatus; error: string | null }; last: boolean }) {
  const translate = useTranslate();
  return (
    <Box component="li" data-testid="history-event" data-outcome={event.outcome} sx={{ display: "flex", gap: 1.5, position: "relative", pb: 2 }}>
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center" }}>
        {EFACTURA_MARKS[spv.status]}
        {!last && <Box sx={{ flex: 1, width: "2px", bgcolor: "divider", mt: 0.5 }} />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" component="p" sx={{ overflowWrap: "anywhere" }}>
          <strong>
            {translate("resources.invoices.life.history.actions.efactura")}: {EFACTURA_STATUS_LABELS[spv.status]}
          </strong>
          {spv.status === "rejected" && spv.error && ` — ${spv.error}`}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate("resources.invoices.life.history.who", { user: event.userEmail, when: formatWhen(event.createdAt) })}
        </Typography>
      </Box>
    </Box>
  );
}

function HistoryEntry({ event, last }: { event: InvoiceEvent; last: boolean }) {
  const translate = useTranslate();
  const note = NOTES.has(event.action);
  const spv = efacturaStatusOf(event);
  if (spv) return <EfacturaEntry event={event} spv={spv} last={last} />;
  return (
    <Box component="li" data-testid="history-event" data-outcome={event.outcome} sx={{ display: "flex", gap: 1.5, position: "relative", pb: 2 }}>
      <Box sx={{ display: "flex", flexDirection: "column", alignItems: "center" }}>
        {note ? <WarningAmberIcon color="warning" fontSize="small" /> : MARKS[event.outcome]}
        {!last && <Box sx={{ flex: 1, width: "2px", bgcolor: "divider", mt: 0.5 }} />}
      </Box>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" component="p">
          <strong>{translate(`resources.invoices.life.history.actions.${event.action}`)}</strong>
          {!note && (
            <>
              {" — "}
              <Box component="span" sx={{ color: event.outcome === "ok" ? "success.main" : event.outcome === "refused" ? "error.main" : "warning.main" }}>
                {translate(`resources.invoices.life.history.outcomes.${event.outcome}`)}
              </Box>
            </>
          )}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p">
          {translate("resources.invoices.life.history.who", { user: event.userEmail, when: formatWhen(event.createdAt) })}
        </Typography>
        {event.answer && (
          <Typography variant="body2" component="p" sx={{ overflowWrap: "anywhere" }}>
            {translate(note ? "resources.invoices.life.history.note" : "resources.invoices.life.history.answer", { answer: event.answer })}
          </Typography>
        )}
      </Box>
    </Box>
  );
}

export function InvoiceHistory({ invoiceId }: { invoiceId: number }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const history = useQuery({
    queryKey: ["invoices", "history", invoiceId],
    queryFn: ({ signal }) => dataProvider.invoiceHistory(invoiceId, signal),
    retry: false,
  });
  return (
    <section aria-labelledby="invoice-history-title">
      <Typography id="invoice-history-title" variant="subtitle1" component="h2" sx={{ mt: 2, mb: 1 }}>
        {translate("resources.invoices.life.history.title")}
      </Typography>
      {history.error ? (
        <Alert severity="error">
          {translate("resources.invoices.life.history.loadError", { message: errorMessage(history.error, translate("resources.invoices.life.genericError")) })}
        </Alert>
      ) : history.data?.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate("resources.invoices.life.history.empty")}
        </Typography>
      ) : (
        <Box component="ol" aria-labelledby="invoice-history-title" sx={{ listStyle: "none", p: 0, m: 0 }}>
          {(history.data ?? []).map((event, index, events) => (
            <HistoryEntry key={event.id} event={event} last={index === events.length - 1} />
          ))}
        </Box>
      )}
    </section>
  );
}
