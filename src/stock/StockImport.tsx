/**
 * 'Import Stoc Produse': pick a warehouse and press 'Import Stoc'. The server only queues the
 * import and answers at once; the Tasks page shows it running and its result.
 */
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Form, SelectInput, useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { errorMessage } from "../common/errorMessage";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import type { AppDataProvider } from "../providers/customMethods";
import { useWarehouses } from "./WarehouseNameField";

export function StockImport() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: warehouses } = useWarehouses();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async ({ warehouseId }: { warehouseId?: number }) => {
    if (!warehouseId) {
      setAnswer({ ok: false, text: translate("stock.selectWarehouse") });
      return;
    }
    setSending(true);
    try {
      const { message } = await dataProvider.importStock(warehouseId);
      setAnswer({ ok: true, text: message });
    } catch (failure) {
      setAnswer({ ok: false, text: translate("stock.importError", { message: errorMessage(failure, "") }) });
    } finally {
      setSending(false);
    }
  };

  return (
    <RequireAccess resource="stock">
      <ScreenHeading inAppBar>{translate("stock.importTitle")}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Paper sx={{ p: 2, mt: 2, maxWidth: 640 }}>
        <Typography color="text.secondary" gutterBottom>
          {translate("stock.importIntro")}
        </Typography>
        <Form onSubmit={submit} noValidate>
          <SelectInput
            source="warehouseId"
            label="resources.stock.fields.warehouseId"
            choices={warehouses ?? []}
            optionText="warehouseName"
            fullWidth
          />
          <Button type="submit" variant="contained" disabled={sending}>
            {translate("stock.importButton")}
          </Button>
        </Form>
        {answer && (
          <Alert severity={answer.ok ? "success" : "error"} sx={{ mt: 2 }}>
            {answer.text}
            {answer.ok && (
              <>
                {" "}
                <Link component={RouterLink} to="/tasks">
                  {translate("stock.seeTasks")}
                </Link>
              </>
            )}
          </Alert>
        )}
      </Paper>
    </RequireAccess>
  );
}
