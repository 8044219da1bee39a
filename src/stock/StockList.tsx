/**
 * 'Lista Produse': the tenant's stock as last imported from SmartBill, paged and sorted on the
 * server, searchable by code or name and filterable by warehouse.
 */
import { NumberField, SearchInput, SelectInput, TextField, useTranslate } from "react-admin";
import MoveToInboxIcon from "@mui/icons-material/MoveToInbox";
import { ResourceList } from "../common/ResourceList";
import { SmartBillConnectionNotice } from "../smartbillConnection/SmartBillConnectionNotice";
import { useWarehouses, WarehouseNameField } from "./WarehouseNameField";

function WarehouseFilter(props: { source: string; alwaysOn?: boolean }) {
  const { data } = useWarehouses();
  return <SelectInput {...props} choices={data ?? []} optionText="warehouseName" />;
}

export function StockList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.stock.search")} />,
    <WarehouseFilter key="warehouseId" source="warehouseId" alwaysOn />,
  ];
  return (
    <ResourceList
      resource="stock"
      sort={{ field: "productName", order: "ASC" }}
      filters={filters}
      before={<SmartBillConnectionNotice />}
      empty={{ label: translate("resources.stock.importAction"), icon: <MoveToInboxIcon />, to: "/stock/import" }}
    >
      <TextField source="productCode" />
      <TextField source="productName" />
      <TextField source="measuringUnit" />
      <NumberField source="quantity" locales="ro-RO" />
      <WarehouseNameField source="warehouseId" />
    </ResourceList>
  );
}
