/**
 * 'Import Stoc Produse': pick a warehouse and press 'Import Stoc'. The server only queues the
 * import and answers at once; the Tasks page shows it running and its result. A warehouse whose
 * name SmartBill does not know is pointed out before the import is asked for.
 */
import { useState } from "react";
import { Link as RouterLink } from "react-router-dom";
import { Form, SelectInput, useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { useWatch } from "react-hook-form";
import type { Warehouse } from "../../contract/api";
import { errorMessage } from "../common/errorMessage";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import type { AppDataProvider } from "../providers/customMethods";
import { checkName, useSmartBillWarehouses } from "../warehouses/useSmartBillWarehouses";
import { useWarehouses } from "./WarehouseNameField";

/** The chosen warehouse, when SmartBill names no warehouse so: the import would find nothing. */
function UnknownToSmartBill({ warehouses }: { warehouses: readonly Warehouse[] | undefined }) {
  const translate = useTranslate();
  const warehouseId = useWatch({ name: "warehouseId" }) as number | undefined;
  const { data } = useSmartBillWarehouses();
  const chosen = warehouses?.find((one) => one.id === warehouseId);
  if (!chosen || checkName(chosen.warehouseName, data?.warehouses).state !== "unknown") return null;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {translate("resources.warehouses.smartBill.importUnknown", { name: chosen.warehouseName })}
    </Alert>
  );
}

export function StockImport() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data: warehouses } = useWarehouses();
  const [answer, setAnswer] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);

  const submit = async ({ warehouseId }: { warehouseId?: number }) => {
    if (!warehouseId) {
      setAnswer({ ok: false, text: translate("resources.stock.selectWarehouse") });
      return;
    }
    setSending(true);
    try {
      const { message } = await dataProvider.importStock(warehouseId);
      setAnswer({ ok: true, text: message });
    } catch (failure) {
      setAnswer({ ok: false, text: translate("resources.stock.importError", { message: errorMessage(failure, "") }) });
    } finally {
      setSending(false);
    }
  };

  return (
    <RequireAccess resource="stock">
      <ScreenHeading inAppBar>{translate("resources.stock.importTitle")}</ScreenHeading>
      <SmartBillConnectionNotice />
      <Paper sx={{ p: 2, mt: 2, maxWidth: 640 }}>
        <Typography color="text.secondary" gutterBottom>
          {translate("resources.stock.importIntro")}
        </Typography>
        <Form onSubmit={submit} noValidate>
          <SelectInput
            source="warehouseId"
            label="resources.stock.fields.warehouseId"
            choices={warehouses ?? []}
            optionText="warehouseName"
            fullWidth
          />
          <UnknownToSmartBill warehouses={warehouses} />
          <Button type="submit" variant="contained" disabled={sending}>
            {translate("resources.stock.importButton")}
          </Button>
        </Form>
        {answer && (
          <Alert severity={answer.ok ? "success" : "error"} sx={{ mt: 2 }}>
            {answer.text}
            {answer.ok && (
              <>
                {" "}
                <Link component={RouterLink} to="/tasks">
                  {translate("resources.stock.seeTasks")}
                </Link>
              </>
            )}
          </Alert>
        )}
      </Paper>
    </RequireAccess>
  );
}
