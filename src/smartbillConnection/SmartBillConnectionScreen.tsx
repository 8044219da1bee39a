/**
 * 'Conexiune SmartBill': the company's SmartBill account (e-mail, API token, CIF, API address) as
 * one form, for administrators. 'Testează conexiunea' asks SmartBill with what is typed and shows
 * what it found (VAT rates, invoice series) or its reason for refusing. 'Salvează' tests first
 * and saves only when SmartBill agrees; after a failed test the user may still 'Salvează oricum'
 * (SmartBill may be down while the data is right). The token arrives masked and is sent back as
 * it is unless the user types a new one: the server reads its mask as "keep the stored token".
 * In demo mode the emulator's one account is shown, and 'Folosește emulatorul' fills it in.
 */
import { useEffect, useState } from "react";
import { Title, useDataProvider, useNotify, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { SmartBillConnection, SmartBillConnectionInput, SmartBillConnectionTestResult } from "../../contract/api";
import { maskValue } from "../../contract/maskSecret";
import { errorMessage } from "../common/errorMessage";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import type { AppDataProvider } from "../providers/customMethods";
import { EmulatorAccountNotice } from "./EmulatorAccountNotice";
import { TestOutcome, type Outcome } from "./TestOutcome";

type Field = keyof SmartBillConnectionInput;
const FIELDS: Field[] = ["username", "token", "cif", "url"];

const inputOf = ({ username, token, cif, url }: SmartBillConnectionInput): SmartBillConnectionInput => ({
  username,
  token,
  cif,
  url,
});

/**
 * The form holds this account: the token typed out, or the stored token's mask when the stored
 * token is the account's (the mask keeps only its first and last character and its length).
 */
const holdsAccount = (values: SmartBillConnectionInput, account: SmartBillConnectionInput): boolean =>
  values.username === account.username &&
  values.cif === account.cif &&
  values.url === account.url &&
  (values.token === account.token || values.token === maskValue(account.token));

/** The server's `errors` (field → message) of a refused form, if that is what failed. */
const fieldErrorsOf = (failure: unknown): Partial<Record<Field, string>> | undefined =>
  (failure as { body?: { errors?: Partial<Record<Field, string>> } })?.body?.errors;

// A default export: App.tsx loads the screen on demand (React.lazy).
export default function SmartBillConnectionScreen() {
  const translate = useTranslate();
  return (
    <RequireAccess resource="smartbillConnection">
      <Title title={translate("smartbillConnection.title")} />
      <ScreenHeading>{translate("smartbillConnection.title")}</ScreenHeading>
      <ConnectionForm />
    </RequireAccess>
  );
}

function ConnectionForm() {
  const translate = useTranslate();
  const notify = useNotify();
  const [stored, setStored] = useState<SmartBillConnection | null>(null);
  const dataProvider = useDataProvider<AppDataProvider>();
  const [loadError, setLoadError] = useState<string | null>(null);
  const [values, setValues] = useState<SmartBillConnectionInput>({ username: "", token: "", cif: "", url: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [pending, setPending] = useState(false);

  useEffect(() => {
    const abort = new AbortController();
    dataProvider
      .smartBillConnection(abort.signal)
      .then((connection) => {
        setStored(connection);
        setValues(inputOf(connection));
      })
      .catch((failure) => !abort.signal.aborted && setLoadError(errorMessage(failure, translate("app.genericError"))));
    return () => abort.abort();
  }, [dataProvider, translate]);

  const change = (field: Field, value: string) => {
    setValues((old) => ({ ...old, [field]: value }));
    setFieldErrors(({ [field]: _gone, ...rest }) => rest);
    // What was tested is no longer what is typed.
    setOutcome(null);
  };

  /** Every field at once (the emulator's demo account). */
  const fill = (account: SmartBillConnectionInput) => {
    setValues(inputOf(account));
    setFieldErrors({});
    setOutcome(null);
  };

  const store = async () => {
    const saved = await dataProvider.saveSmartBillConnection(values);
    setStored(saved);
    setValues(inputOf(saved));
    // The server's own sentence, shown as it is (not a translation key).
    notify(saved.message, { type: "success", messageArgs: { _: saved.message } });
  };

  const failed = (failure: unknown, offerSave: boolean): Outcome => {
    const errors = fieldErrorsOf(failure);
    if (errors) {
      // Each field says what is wrong with it; the summary need not say it all again.
      setFieldErrors(errors);
      return { passed: false, message: translate("smartbillConnection.fieldsRefused"), offerSave: false };
    }
    return { passed: false, message: errorMessage(failure, translate("app.genericError")), offerSave };
  };

  /** Tests what is typed; with `thenSave`, saves it when SmartBill agrees. */
  const run = async (thenSave: boolean) => {
    setPending(true);
    setOutcome(null);
    setFieldErrors({});
    try {
      let result: SmartBillConnectionTestResult;
      try {
        result = await dataProvider.testSmartBillConnection(values);
      } catch (failure) {
        setOutcome(failed(failure, thenSave));
        return;
      }
      if (thenSave) await store();
      setOutcome({ passed: true, result, saved: thenSave });
    } catch (failure) {
      setOutcome(failed(failure, false));
    } finally {
      setPending(false);
    }
  };

  const saveAnyway = async () => {
    setPending(true);
    try {
      await store();
      setOutcome(null);
    } catch (failure) {
      setOutcome(failed(failure, false));
    } finally {
      setPending(false);
    }
  };

  if (loadError) {
    return (
      <Alert severity="error" sx={{ mt: 2 }}>
        {translate("smartbillConnection.loadError", { message: loadError })}
      </Alert>
    );
  }
  if (!stored) return <Typography sx={{ mt: 2 }}>{translate("app.userLoading")}</Typography>;

  const tokenStored = !!stored.token && values.token === stored.token;
  const hints: Record<Field, string> = {
    username: translate("smartbillConnection.hints.username"),
    token: translate(tokenStored ? "smartbillConnection.hints.tokenStored" : "smartbillConnection.hints.token"),
    cif: translate("smartbillConnection.hints.cif"),
    url: translate("smartbillConnection.hints.url", { url: stored.defaultUrl }),
  };

  return (
    <Paper sx={{ p: 2, mt: 2, maxWidth: 640 }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
          <Typography color="text.secondary" sx={{ flex: "1 1 260px" }}>
            {translate("smartbillConnection.intro")}
          </Typography>
          <Chip
            data-testid="connection-state"
            color={stored.configured ? "success" : "default"}
            label={translate(stored.configured ? "smartbillConnection.configured" : "smartbillConnection.notConfigured")}
          />
        </Stack>
        {/* Demo mode: before the fields, so a newcomer reads it before typing anything. */}
        {stored.emulatorAccount && (
          <EmulatorAccountNotice
            account={stored.emulatorAccount}
            inUse={holdsAccount(values, stored.emulatorAccount)}
            onUse={() => fill(stored.emulatorAccount!)}
          />
        )}
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(true);
          }}
        >
          <Stack spacing={2}>
            {FIELDS.map((field) => (
              <TextField
                key={field}
                name={field}
                label={translate(`smartbillConnection.fields.${field}`)}
                value={values[field]}
                onChange={(event) => change(field, event.target.value)}
                error={!!fieldErrors[field]}
                helperText={fieldErrors[field] ?? hints[field]}
                type={field === "token" ? "password" : field === "username" ? "email" : "text"}
                // Never the browser's saved sign-in: this is another account's e-mail and token.
                autoComplete={field === "token" ? "new-password" : "off"}
                fullWidth
              />
            ))}
            <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
              <Button variant="outlined" disabled={pending} onClick={() => void run(false)}>
                {translate("smartbillConnection.test")}
              </Button>
              <Button type="submit" variant="contained" disabled={pending}>
                {translate("smartbillConnection.save")}
              </Button>
            </Stack>
          </Stack>
        </form>
        {pending && <Typography color="text.secondary">{translate("smartbillConnection.testing")}</Typography>}
        {outcome && <TestOutcome outcome={outcome} pending={pending} onSaveAnyway={() => void saveAnyway()} />}
      </Stack>
    </Paper>
  );
}
