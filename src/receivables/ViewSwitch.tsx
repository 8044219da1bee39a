/**
 * 'Pe facturi' / 'Pe clienți': the list's `view` filter. The views sort by different columns, so
 * a switch also takes the new view's default order and drops the selection (a customer row is no
 * invoice to act on). An address that names a view with the other view's order (typed, or kept
 * from before) is given the view's default order.
 */
import { useEffect } from "react";
import { useListContext, useTranslate } from "react-admin";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { DEFAULT_SORT, SORTABLE, viewOf, type ReceivablesView } from "./receivableRows";

export function ViewSwitch() {
  const translate = useTranslate();
  const { filterValues, displayedFilters, setFilters, sort, setSort, onUnselectItems } = useListContext();
  const view = viewOf(filterValues ?? {});
  const sortable = (SORTABLE[view] as readonly string[]).includes(sort.field);
  useEffect(() => {
    if (!sortable) setSort({ ...DEFAULT_SORT[view] });
  }, [sortable, view, setSort]);
  const choose = (next: ReceivablesView | null) => {
    if (!next || next === view) return;
    const { view: _old, ...others } = filterValues ?? {};
    onUnselectItems();
    setFilters(next === "customer" ? { ...others, view: "customer" } : others, displayedFilters, false);
    const wanted = DEFAULT_SORT[next];
    // react-admin's setSort on the field already sorted by reverses it: ask only for a change.
    if (sort.field !== wanted.field || sort.order !== wanted.order) setSort({ ...wanted });
  };
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={view}
      onChange={(_event, next: ReceivablesView | null) => choose(next)}
      aria-label={translate("resources.receivables.view.label")}
      sx={{ mr: 1 }}
    >
      <ToggleButton value="invoice">{translate("resources.receivables.view.invoice")}</ToggleButton>
      <ToggleButton value="customer">{translate("resources.receivables.view.customer")}</ToggleButton>
    </ToggleButtonGroup>
  );
}
