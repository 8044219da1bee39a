/**
 * 'Nomenclator produse': the tenant's catalogue, paged, sorted and searched (code or name) on the
 * server, filtered by currency and by goods or services, exported as CSV; a row opens its form.
 */
import { BooleanField, NumberField, SearchInput, SelectInput, TextField, TextInput, useTranslate } from "react-admin";
import { ResourceList } from "../common/ResourceList";
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
    <ResourceList
      resource="products"
      sort={{ field: "name", order: "ASC" }}
      filters={filters}
      create
      actions={<ProductExportButton />}
      rowClick="edit"
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
    </ResourceList>
  );
}
