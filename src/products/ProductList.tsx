/**
 * 'Nomenclator produse': the tenant's catalogue, paged, sorted and searched (code or name) on the
 * server, filtered by currency and by goods or services, exported as CSV; a row opens its form.
 */
import {
  BooleanField,
  CreateButton,
  Datagrid,
  FilterButton,
  List,
  NumberField,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
} from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import { ListEmpty } from "../common/ListEmpty";
import { ListErrorAlert } from "../common/ListErrorAlert";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { ProductExportButton } from "./ProductExportButton";

export function ProductList() {
  const translate = useTranslate();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.products.search")} />,
    <TextInput key="currency" source="currency" />,
    // The flag as the server filters it: 1 services, 0 goods.
    <SelectInput
      key="isService"
      source="isService"
      choices={[
        { id: "0", name: "resources.products.goods" },
        { id: "1", name: "resources.products.services" },
      ]}
    />,
  ];
  return (
    <RequireAccess resource="products">
      <ScreenHeading>{translate("resources.products.title")}</ScreenHeading>
      <List
        resource="products"
        title={translate("resources.products.title")}
        sort={{ field: "name", order: "ASC" }}
        perPage={25}
        filters={filters}
        exporter={false}
        error={<ListErrorAlert messageKey="resources.products.fetchError" />}
        empty={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <CreateButton label="resources.products.add" />
            <ProductExportButton />
          </TopToolbar>
        }
      >
        <Datagrid
          bulkActionButtons={false}
          rowClick="edit"
          empty={<ListEmpty label={translate("resources.products.add")} icon={<AddIcon />} to="/products/create" />}
        >
          <TextField source="code" />
          <TextField source="name" />
          <TextField source="unit" />
          <NumberField
            source="price"
            locales="ro-RO"
            options={{ minimumFractionDigits: 2, maximumFractionDigits: 2 }}
            emptyText={translate("resources.products.priceNotSet")}
          />
          <TextField source="currency" />
          <TextField source="taxName" />
          <NumberField source="taxPercentage" locales="ro-RO" />
          <BooleanField source="isService" />
        </Datagrid>
      </List>
    </RequireAccess>
  );
}
