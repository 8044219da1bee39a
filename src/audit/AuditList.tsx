/**
 * 'Jurnal de audit': every change made in the tenant (the super-admin acting on the system tenant:
 * in every tenant), newest first, read only; a change with no result of its own reads 'Reușită'. Paged, sorted, searched and filtered on the server (user, action, period in
 * Romania's days, tenant for the super-admin), and exported as CSV / XLSX with the same filters.
 * A period the server refuses (start after end) shows its reason in the list's error alert.
 * On a phone each row is a short entry (what, who and on what, when) instead of a wide table,
 * whose action column would sit past the screen's edge.
 */
import {
  AutocompleteInput,
  Datagrid,
  DateInput,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  SimpleList,
  TextField,
  TextInput,
  TopToolbar,
  useTranslate,
} from "react-admin";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import type { AuditEntry } from "../../contract/api";
import { SYSTEM_TENANT_ID } from "../../contract/constants";
import { isSuperadmin } from "../../contract/roles";
import { ListErrorAlert } from "../common/ListErrorAlert";
import { ListExportButtons } from "../common/ListExportButtons";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { formatRomanianDateTime } from "../common/romanianTime";
import { useRoles } from "../common/useRoles";
import { useActingTenant } from "../layout/useActingTenant";
import { useAuditActionChoices, useAuditActionName } from "./useAuditActions";

/** The moment as a clock in Romania reads it: the period filter's days are Romania's days too. */
const romanianDateTime = (iso: string) => formatRomanianDateTime(iso);

/** The tenant's name, or its number once the tenant is gone; nothing for a call made outside any tenant. */
const tenantText = (entry: AuditEntry) => entry.tenantName ?? (entry.tenantId === null ? "" : `#${entry.tenantId}`);

/** What was changed: its name (e-mail, invoice number…) and its id. */
const targetText = (entry: AuditEntry) => [entry.targetLabel, entry.target && `#${entry.target}`].filter(Boolean).join(" ");

export function AuditList() {
  const translate = useTranslate();
  // The super-admin acting in one company reads that company's log, as the server answers it;
  // acting on the system tenant, every company's, with the company column and filter.
  const roles = useRoles();
  const acting = useActingTenant();
  const allTenants = isSuperadmin(roles) && acting?.tenant.id === SYSTEM_TENANT_ID;
  const result = (entry: AuditEntry) => entry.result ?? translate("audit.done");
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const nameOf = useAuditActionName();
  const actionName = (entry: AuditEntry) => nameOf(entry.action);
  const actionChoices = useAuditActionChoices();
  const filters = [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate("resources.audit.search")} />,
    <TextInput key="userEmail" source="userEmail" />,
    <SelectInput
      key="action"
      source="action"
      // Wide enough for the longest name ('Trimitere factură în SmartBill') once chosen.
      sx={{ minWidth: 280 }}
      choices={actionChoices}
      translateChoice={false}
    />,
    <DateInput key="from" source="from" />,
    <DateInput key="to" source="to" />,
    ...(allTenants
      ? [
          <ReferenceInput key="tenantId" source="tenantId" reference="tenants" sort={{ field: "name", order: "ASC" }}>
            <AutocompleteInput
              optionText="name"
              label="resources.audit.fields.tenantId"
              filterToQuery={(q: string) => ({ q })}
            />
          </ReferenceInput>,
        ]
      : []),
  ];
  return (
    <RequireAccess resource="audit">
      <ScreenHeading>{translate("resources.audit.title")}</ScreenHeading>
      <List
        resource="audit"
        title={translate("resources.audit.title")}
        sort={{ field: "createdAt", order: "DESC" }}
        perPage={25}
        filters={filters}
        exporter={false}
        error={<ListErrorAlert messageKey="resources.audit.fetchError" />}
        empty={false}
        actions={
          <TopToolbar>
            <FilterButton />
            <ListExportButtons resource="audit" filename="jurnal-audit" errorKey="resources.audit.exportError" />
          </TopToolbar>
        }
      >
        {phone ? (
          <SimpleList<AuditEntry>
            rowClick={false}
            primaryText={actionName}
            secondaryText={(entry) =>
              [allTenants && tenantText(entry), entry.userEmail, targetText(entry), result(entry)].filter(Boolean).join(" · ")
            }
            tertiaryText={(entry) => romanianDateTime(entry.createdAt)}
          />
        ) : (
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <FunctionField<AuditEntry> source="createdAt" render={(entry) => romanianDateTime(entry.createdAt)} />
            {allTenants && <FunctionField<AuditEntry> source="tenantId" render={tenantText} />}
            <TextField source="userEmail" />
            <FunctionField<AuditEntry> source="action" render={actionName} />
            <FunctionField<AuditEntry> source="target" sortable={false} render={targetText} />
            <FunctionField<AuditEntry> source="result" sortable={false} render={result} />
            <TextField source="clientAddress" sortable={false} />
          </Datagrid>
        )}
      </List>
    </RequireAccess>
  );
}
