/**
 * 'Lista Produse': the tenant's stock as last imported from SmartBill, paged and sorted on the
 * server, searchable by code or name and filterable by warehouse.
 */
import { Datagrid, List, NumberField, SearchInput, SelectInput, TextField, useTranslate } from "react-admin";
import MoveToInboxIcon from "@mui/icons-material/MoveToInbox";
import { ListEmpty } from "../common/ListEmpty";
import { ListErrorAlert } from "../common/ListErrorAlert";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
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
    <RequireAccess resource="stock">
      <ScreenHeading>{translate("resources.stock.title")}</ScreenHeading>
      <SmartBillConnectionNotice />
      <List
        resource="stock"
        title={translate("resources.stock.title")}
        sort={{ field: "productName", order: "ASC" }}
        perPage={25}
        filters={filters}
        exporter={false}
        error={<ListErrorAlert messageKey="resources.stock.fetchError" />}
        empty={false}
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick={false}
          empty={<ListEmpty label={translate("resources.stock.importAction")} icon={<MoveToInboxIcon />} to="/stock/import" />}
        >
          <TextField source="productCode" />
          <TextField source="productName" />
          <TextField source="measuringUnit" />
          <NumberField source="quantity" locales="ro-RO" />
          <WarehouseNameField source="warehouseId" />
        </Datagrid>
      </List>
    </RequireAccess>
  );
}
