/**
 * A resource's list screen, composed once so that a resource's own list is its columns (the
 * children), its filters and its own buttons. Around them, by the resource's name:
 * - the page guard (its role matrix row) and the heading, which is the top bar's title too:
 *   `resources.<name>.title`;
 * - the toolbar: the filter button (shown while there is a filter to add), then, for a resource
 *   with a create screen, 'Adaugă …' (`resources.<name>.add`), then the screen's own buttons;
 * - a list that could not be read: `resources.<name>.fetchError` before the server's reason, or
 *   the product's 'Eroare: …' for a resource without its own words for it;
 * - the empty state under the toolbar (ListEmpty.tsx): by default its next step is the create
 *   screen, or the screen names another (an import, a form under the list).
 * A list whose columns follow one of its filters (a switch between views of the same rows) passes
 * its columns, and its bulk actions, as functions of the list's current filters.
 * A list that names its phone entry (`phoneEntry`) shows each row on a phone as a short entry
 * instead of a table wider than the screen.
 */
import type { ReactElement, ReactNode } from "react";
import {
  CreateButton,
  Datagrid,
  type DatagridProps,
  FilterButton,
  List,
  type ListProps,
  SimpleList,
  type SimpleListProps,
  type SortPayload,
  TopToolbar,
  useListContext,
  useTranslate,
} from "react-admin";
import AddIcon from "@mui/icons-material/Add";
import type { Theme } from "@mui/material/styles";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { ResourceName } from "../../contract/roles";
import { ListEmpty, type ListEmptyProps } from "./ListEmpty";
import { ListErrorAlert } from "./ListErrorAlert";
import { RequireAccess } from "./RequireAccess";
import { ScreenHeading } from "./ScreenHeading";

/** The list's current filters, for columns or bulk actions that depend on them. */
export type ListFilterValues = Record<string, unknown>;

type BulkActionButtons = DatagridProps["bulkActionButtons"];

export interface ResourceListProps {
  resource: ResourceName;
  /** the Datagrid's columns, or a function of the list's filters that answers them */
  children: ReactNode | ((filterValues: ListFilterValues) => ReactNode);
  /** Buttons for the selected rows (none by default), or a function of the list's filters that answers them. */
  bulkActionButtons?: BulkActionButtons | ((filterValues: ListFilterValues) => BulkActionButtons);
  sort: SortPayload;
  perPage?: number;
  filters?: ReactElement[];
  /** The resource has a create screen at /<name>/create: the toolbar and the empty state lead there. */
  create?: boolean;
  /** Buttons after the filter and create buttons (an export); `false`: a list without a toolbar. */
  actions?: ReactNode | false;
  /** The empty state's next step, when it is not the create screen. */
  empty?: ListEmptyProps;
  /** "edit": a row opens its edit screen. */
  rowClick?: DatagridProps["rowClick"];
  /** Shown between the heading and the list (a notice). */
  before?: ReactNode;
  /** Shown under the list (the screen's form, its dialogs). */
  after?: ReactNode;
  pagination?: ListProps["pagination"];
  queryOptions?: ListProps["queryOptions"];
  /** On a phone, each row as an entry of these texts (what it is, its dates, its amount). */
  phoneEntry?: Pick<SimpleListProps, "primaryText" | "secondaryText" | "tertiaryText">;
}

export function ResourceList({
  resource,
  children,
  sort,
  perPage = 25,
  filters,
  create = false,
  actions,
  empty,
  rowClick = false,
  before,
  after,
  pagination,
  queryOptions,
  bulkActionButtons = false,
  phoneEntry,
}: ResourceListProps) {
  const translate = useTranslate();
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const title = translate(`resources.${resource}.title`);
  const add = `resources.${resource}.add`;
  // A resource without its own words for a failed read gets the product's 'Eroare: …'.
  const hasFetchError = translate(`resources.${resource}.fetchError`, { _: "" }) !== "";
  const nextStep: ListEmptyProps | undefined =
    empty ?? (create ? { label: translate(add), icon: <AddIcon />, to: `/${resource}/create` } : undefined);
  return (
    <RequireAccess resource={resource}>
      <ScreenHeading>{title}</ScreenHeading>
      {before}
      <List
        resource={resource}
        title={title}
        sort={sort}
        perPage={perPage}
        filters={filters}
        exporter={false}
        error={<ListErrorAlert messageKey={hasFetchError ? `resources.${resource}.fetchError` : undefined} />}
        empty={false}
        pagination={pagination}
        queryOptions={queryOptions}
        actions={
          actions === false ? (
            false
          ) : (
            // Four buttons beside the search outgrow a laptop's screen: they wrap, the page never scrolls sideways.
            <TopToolbar sx={{ flexWrap: "wrap", minWidth: 0, flexShrink: 1 }}>
              {filters && <FilterButton />}
              {create && <CreateButton label={add} />}
              {actions}
            </TopToolbar>
          )
        }
      >
        {phone && phoneEntry ? (
          <SimpleList {...phoneEntry} rowClick={rowClick} empty={nextStep && <ListEmpty {...nextStep} />} />
        ) : (
          <ResourceDatagrid bulkActionButtons={bulkActionButtons} rowClick={rowClick} empty={nextStep && <ListEmpty {...nextStep} />}>
            {children}
          </ResourceDatagrid>
        )}
      </List>
      {after}
    </RequireAccess>
  );
}

/** The Datagrid, inside the list so that columns and bulk actions may follow its filters. */
function ResourceDatagrid({
  children,
  bulkActionButtons,
  rowClick,
  empty,
}: Pick<ResourceListProps, "children" | "bulkActionButtons" | "rowClick"> & { empty: ReactElement | undefined }) {
  const { filterValues } = useListContext();
  const filters: ListFilterValues = filterValues ?? {};
  return (
    <Datagrid
      // A table wider than the screen (a phone) scrolls within its card rather than being cut off.
      sx={{ "& .RaDatagrid-tableWrapper": { overflowX: "auto" } }}
      bulkActionButtons={typeof bulkActionButtons === "function" ? bulkActionButtons(filters) : bulkActionButtons}
      rowClick={rowClick}
      empty={empty}
    >
      {typeof children === "function" ? children(filters) : children}
    </Datagrid>
  );
}
