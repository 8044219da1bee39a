/**
 * A warehouse's name in the list and, under it, a warning when SmartBill names no warehouse so
 * (the stock import finds a warehouse by that exact name: it would find nothing). Under the
 * name rather than in a column of its own, so a phone shows it without scrolling sideways.
 * Nothing is added while SmartBill's list is not there (being read, or unreadable: the form
 * says why).
 */
import { useRecordContext, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import WarningAmberIcon from "@mui/icons-material/WarningAmber";
import type { Warehouse } from "../../contract/api";
import { checkName, useSmartBillWarehouses } from "./useSmartBillWarehouses";

// `source` is read by the Datagrid for the column header and its sort.
export function WarehouseNameCheckedField(_props: { source: "warehouseName" }) {
  const warehouse = useRecordContext<Warehouse>();
  const translate = useTranslate();
  const { data } = useSmartBillWarehouses();
  if (!warehouse) return null;
  const unknown = !!data && checkName(warehouse.warehouseName, data.warehouses).state !== "known";
  return (
    <>
      <Typography variant="body2" component="span">
        {warehouse.warehouseName}
      </Typography>
      {unknown && (
        <Tooltip title={translate("resources.warehouses.smartBill.notInSmartBillHint")}>
          <Box sx={{ display: "flex", alignItems: "center", gap: 0.5, color: "warning.dark" }} data-testid="warehouse-unknown">
            <WarningAmberIcon sx={{ fontSize: 16 }} aria-hidden />
            <Typography variant="caption" sx={{ fontWeight: 600 }}>
              {translate("resources.warehouses.smartBill.notInSmartBill")}
            </Typography>
          </Box>
        </Tooltip>
      )}
    </>
  );
}
