/**
 * The stock item's warehouse by name, looked up among the tenant's warehouses (one cached list
 * for the whole table), or 'depozitul #{id} nu mai există' when the warehouse is gone.
 */
import { useGetList, useRecordContext, useTranslate } from "react-admin";
import Typography from "@mui/material/Typography";
import type { StockItem, Warehouse } from "../../contract/api";

export function useWarehouses() {
  return useGetList<Warehouse>("warehouses", {
    pagination: { page: 1, perPage: 500 },
    sort: { field: "warehouseName", order: "ASC" },
  });
}

// `label` is read by the Datagrid for the column header.
export function WarehouseNameField(_props: { label?: string; source?: string }) {
  const item = useRecordContext<StockItem>();
  const translate = useTranslate();
  const { data: warehouses, isPending } = useWarehouses();
  if (!item || isPending) return null;
  const warehouse = warehouses?.find((candidate) => candidate.id === item.warehouseId);
  return (
    <Typography component="span" variant="body2">
      {warehouse?.warehouseName ?? translate("resources.stock.notFound", { id: item.warehouseId })}
    </Typography>
  );
}
