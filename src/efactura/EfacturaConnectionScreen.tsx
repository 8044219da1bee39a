/**
 * 'e-Factura (SPV)': the company's connection to ANAF's SPV. An admin connects it ('Conectare la
 * ANAF (SPV)': the browser goes to ANAF's page, where the company's certificate signs in, and
 * comes back here with the result), reconnects or disconnects it; the invoicing role sees its
 * state only. When the operator registered no application at ANAF, the screen says so.
 */
import { useCallback, useEffect, useState } from "react";
import { Confirm, Title, useDataProvider } from "react-admin";
import { useLocation } from "react-router-dom";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { EfacturaConnection } from "../../contract/efactura";
import { EFACTURA_CALLBACK_RESULTS, EFACTURA_RESULT_PARAM, isEfacturaCallbackResult } from "../../contract/efacturaConnection";
import { errorMessage } from "../common/errorMessage";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { useRoles } from "../common/useRoles";
import { canAccess } from "../providers/canAccess";
import type { AppDataProvider } from "../providers/customMethods";
import { browserNavigation } from "./browserNavigation";
import { formatRomanianDate, formatRomanianMinute } from "./efacturaTimes";

export const EFACTURA_SCREEN_TITLE = "e-Factura (SPV)";

export const efacturaScreenWords = {
  explanation:
    "Conectarea permite aplicației să citească din SPV mesajele firmei (starea facturilor trimise prin SmartBill și facturile primite de la furnizori); autorizarea se dă pe pagina ANAF, cu certificatul digital al firmei.",
  connect: "Conectare la ANAF (SPV)",
  reconnect: "Reconectare",
  disconnect: "Deconectare",
  cancel: "Renunță",
  confirmTitle: "Deconectare de la ANAF (SPV)",
  confirmContent: "Aplicația nu va mai citi mesajele SPV ale firmei până la o nouă conectare. Continuați?",
  notConnected: "Firma nu este conectată la ANAF (SPV).",
  unavailable:
    "Conectarea la ANAF nu este disponibilă: operatorul aplicației trebuie să înregistreze aplicația la ANAF și să seteze ANAF_CLIENT_ID și ANAF_CLIENT_SECRET.",
  readOnly: "Doar un administrator al firmei poate conecta sau deconecta firma de la ANAF.",
  connectedSince: (at: string, by: string | null) => `Conectată din ${formatRomanianMinute(at)}${by ? ` de ${by}` : ""}`,
  validUntil: (at: string) => `Autorizare valabilă până la ${formatRomanianDate(at)}`,
  cif: (cif: string) => `CIF: ${cif}`,
  syncedAt: (at: string | null) => (at ? `Ultima citire a mesajelor SPV: ${formatRomanianMinute(at)}` : "Mesajele SPV nu au fost citite încă."),
  loadFailed: "Starea conexiunii cu ANAF nu a putut fi citită.",
  syncNow: "Citește acum mesajele SPV",
  syncQueued: "Mesajele SPV se citesc acum; starea facturilor se actualizează când sarcina se încheie (vedeți „Sarcini”).",
} as const;

// A default export: App.tsx loads the screen on demand (React.lazy).
export default function EfacturaConnectionScreen() {
  const roles = useRoles();
  // Admins connect; the invoicing role reads the state its SPV screens depend on.
  const resource = canAccess(roles, "efacturaConnection") ? "efacturaConnection" : "invoices";
  return (
    <RequireAccess resource={resource}>
      <Title title={EFACTURA_SCREEN_TITLE} />
      <ScreenHeading>{EFACTURA_SCREEN_TITLE}</ScreenHeading>
      <EfacturaConnectionPanel canChange={resource === "efacturaConnection"} />
    </RequireAccess>
  );
}

export function EfacturaConnectionPanel({ canChange }: { canChange: boolean }) {
  const dataProvider = useDataProvider<AppDataProvider>();
  const location = useLocation();
  const result = new URLSearchParams(location.search).get(EFACTURA_RESULT_PARAM);
  const [connection, setConnection] = useState<EfacturaConnection | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(
    (signal?: AbortSignal) =>
      dataProvider
        .efacturaConnection(signal)
        .then(setConnection)
        .catch((error: unknown) => {
          if (!signal?.aborted) setFailure(errorMessage(error, efacturaScreenWords.loadFailed));
        }),
    [dataProvider],
  );

  useEffect(() => {
    const abort = new AbortController();
    void load(abort.signal);
    return () => abort.abort();
  }, [load]);

  const connect = async () => {
    setPending(true);
    setFailure(null);
    try {
      const { authorizeUrl } = await dataProvider.connectEfactura();
      // To ANAF's page; it sends the browser back to the callback, then here.
      browserNavigation.assign(authorizeUrl);
    } catch (error) {
      setFailure(errorMessage(error, efacturaScreenWords.loadFailed));
      setPending(false);
    }
  };

  const disconnect = async () => {
    setConfirming(false);
    setPending(true);
    setFailure(null);
    try {
      setMessage((await dataProvider.disconnectEfactura()).message);
      await load();
    } catch (error) {
      setFailure(errorMessage(error, efacturaScreenWords.loadFailed));
    } finally {
      setPending(false);
    }
  };

  const syncNow = async () => {
    setPending(true);
    setFailure(null);
    try {
      await dataProvider.syncEfactura();
      setMessage(efacturaScreenWords.syncQueued);
    } catch (error) {
      setFailure(errorMessage(error, efacturaScreenWords.loadFailed));
    } finally {
      setPending(false);
    }
  };

  const callbackResult = isEfacturaCallbackResult(result) ? result : null;
  return (
    <Paper sx={{ p: 2, maxWidth: 720 }}>
      <Stack spacing={2}>
        {callbackResult && !message && (
          <Alert severity={callbackResult === "connected" ? "success" : "error"} data-testid="efactura-callback-result">
            {EFACTURA_CALLBACK_RESULTS[callbackResult]}
          </Alert>
        )}
        {message && <Alert severity="success">{message}</Alert>}
        {failure && <Alert severity="error">{failure}</Alert>}
        {connection && !connection.available && !connection.connected && <Alert severity="info">{efacturaScreenWords.unavailable}</Alert>}
        {connection && !connection.connected && (
          <>
            <Typography>{efacturaScreenWords.notConnected}</Typography>
            <Typography color="text.secondary">{efacturaScreenWords.explanation}</Typography>
            {canChange && connection.available && (
              <div>
                <Button variant="contained" onClick={connect} disabled={pending}>
                  {efacturaScreenWords.connect}
                </Button>
              </div>
            )}
          </>
        )}
        {connection?.connected && (
          <>
            <Stack spacing={0.5} data-testid="efactura-connection-state">
              <Typography>{efacturaScreenWords.connectedSince(connection.connectedAt!, connection.connectedBy)}</Typography>
              {connection.refreshExpiresAt && <Typography>{efacturaScreenWords.validUntil(connection.refreshExpiresAt)}</Typography>}
              {connection.cif && <Typography>{efacturaScreenWords.cif(connection.cif)}</Typography>}
              <Typography color="text.secondary">{efacturaScreenWords.syncedAt(connection.syncedAt)}</Typography>
            </Stack>
            {connection.problem && <Alert severity="warning">{connection.problem}</Alert>}
            <div>
              <Button variant="outlined" onClick={syncNow} disabled={pending}>
                {efacturaScreenWords.syncNow}
              </Button>
            </div>
            {canChange && (
              <Stack direction="row" spacing={1}>
                <Button variant="contained" onClick={connect} disabled={pending || !connection.available}>
                  {efacturaScreenWords.reconnect}
                </Button>
                <Button color="error" variant="outlined" onClick={() => setConfirming(true)} disabled={pending}>
                  {efacturaScreenWords.disconnect}
                </Button>
              </Stack>
            )}
          </>
        )}
        {connection && !canChange && <Typography color="text.secondary">{efacturaScreenWords.readOnly}</Typography>}
      </Stack>
      <Confirm
        isOpen={confirming}
        title={efacturaScreenWords.confirmTitle}
        content={efacturaScreenWords.confirmContent}
        confirm={efacturaScreenWords.disconnect}
        cancel={efacturaScreenWords.cancel}
        onConfirm={disconnect}
        onClose={() => setConfirming(false)}
      />
    </Paper>
  );
}
