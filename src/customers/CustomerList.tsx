/**
 * 'Lista Clienți': the tenant's customers, paged, sorted and searched on the server (it stays
 * fast at 100,000 rows), with a filter per column, one by what ANAF last said of the customer
 * ('Inactiv / radiat la ANAF', 'Necunoscut la ANAF', 'Neverificat'), and CSV / XLSX export of the filtered list.
 * A row opens the customer's page; 'Adaugă client' its form.
 */
import { SearchInput, SelectInput, TextField, TextInput, useTranslate } from "react-admin";
import GroupAddIcon from "@mui/icons-material/GroupAdd";
import { ANAF_LIST_FILTERS } from "../../contract/anaf";
import { CUSTOMER_COLUMNS } from "../../contract/api";
import { ListExportButtons } from "../common/ListExportButtons";
import { ResourceList } from "../common/ResourceList";

export function CustomerList() {
  const translate = useTranslate();
  const filters = [
    // On a wide screen, wide enough to read all it searches (name, code, CIF, e-mail, town, county).
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.customers.search")} sx={{ minWidth: { xl: 460 } }} />,
    ...CUSTOMER_COLUMNS.map((field) => <TextInput key={field} source={field} />),
    // What ANAF last said of the customer's CUI: kept fresh by the server's periodic re-reading.
    <SelectInput
      key="anaf"
      source="anaf"
      label="resources.customers.anafFilter.label"
      choices={ANAF_LIST_FILTERS.map((id) => ({ id, name: `resources.customers.anafFilter.${id}` }))}
    />,
  ];
  return (
    <ResourceList
      resource="customers"
      sort={{ field: "clientName", order: "ASC" }}
      create
      rowClick="show"
      filters={filters}
      actions={<ListExportButtons resource="customers" filename="clienti" errorKey="resources.customers.exportError" />}
      empty={{ label: translate("resources.customers.importAction"), icon: <GroupAddIcon />, to: "/customers/import" }}
    >
      {CUSTOMER_COLUMNS.map((field) => (
        <TextField key={field} source={field} emptyText="" />
      ))}
    </ResourceList>
  );
}
