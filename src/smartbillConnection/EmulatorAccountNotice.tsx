/**
 * Demo mode only: the one account this server's SmartBill emulator knows (e-mail, token, CIF,
 * address), written out so an administrator can connect without reading the source, and
 * 'Folosește emulatorul', which fills the form with all four. Every company connected so in demo
 * mode invoices in the same emulated company, and the notice says so.
 */
import { useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import type { SmartBillConnectionInput } from "../../contract/api";

const FIELDS = ["username", "token", "cif", "url"] as const;

interface Props {
  account: SmartBillConnectionInput;
  /** The form holds the account already: no button to fill it. */
  inUse: boolean;
  onUse: () => void;
}

export function EmulatorAccountNotice({ account, inUse, onUse }: Props) {
  const translate = useTranslate();
  return (
    <Alert severity="info" data-testid="emulator-account" sx={{ overflowWrap: "anywhere" }}>
      <AlertTitle>{translate("smartbillConnection.demoAccount.title")}</AlertTitle>
      <Typography variant="body2">{translate("smartbillConnection.demoAccount.intro")}</Typography>
      {/* Label beside value; on a phone, label above value (the address is long). */}
      <Box component="dl" sx={{ display: "grid", gridTemplateColumns: { xs: "1fr", sm: "auto 1fr" }, columnGap: 2, rowGap: { xs: 0, sm: 0.5 }, my: 1 }}>
        {FIELDS.map((field) => (
          <Box key={field} sx={{ display: "contents" }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {translate(`smartbillConnection.fields.${field}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, fontFamily: "monospace" }}>
              {account[field]}
            </Typography>
          </Box>
        ))}
      </Box>
      <Typography variant="body2">{translate("smartbillConnection.demoAccount.shared")}</Typography>
      {inUse ? (
        <Typography variant="body2" sx={{ mt: 1, fontWeight: 600 }}>
          {translate("smartbillConnection.demoAccount.inUse")}
        </Typography>
      ) : (
        <>
          <Typography variant="body2" sx={{ mt: 1 }}>
            {translate("smartbillConnection.demoAccount.fill")}
          </Typography>
          <Button variant="outlined" color="inherit" size="small" sx={{ display: "block", mt: 1 }} onClick={onUse}>
            {translate("smartbillConnection.useEmulator")}
          </Button>
        </>
      )}
    </Alert>
  );
}
