/**
 * The editor of the cell being edited: a plain input for text and numbers, a native select for
 * the tax and the warehouse (fast, and a spreadsheet's drop-down). Labelled '<column>, linia <n>'.
 * The code and name cells offer the catalogue's products as they are typed (CatalogueSuggestions).
 */
import type { Warehouse } from "../../../contract/api";
import type { TaxRate } from "../../providers/customMethods";
import { taxRateOf } from "../taxRates";
import { CatalogueSuggestions } from "./CatalogueSuggestions";
import type { GridColumn } from "./lineColumns";
import type { LineActions } from "./lineActions";
import type { LineDraft } from "./lineDraft";

const inputSx = {
  width: "100%",
  height: "100%",
  boxSizing: "border-box",
  border: 0,
  outline: "none",
  padding: "0 6px",
  font: "inherit",
  background: "transparent",
} as const;

export function GridCellEditor({
  column,
  draft,
  label,
  actions,
  taxes,
  warehouses,
}: {
  column: GridColumn;
  draft: LineDraft;
  label: string;
  actions: LineActions;
  taxes: readonly TaxRate[];
  warehouses: readonly Warehouse[];
}) {
  const { field } = column;
  // Leaving the cell by the mouse (a click elsewhere) commits it, as Enter does.
  const onBlur = () => {
    const { focus } = actions.store;
    if (focus.editing && focus.field === field) actions.commit();
  };

  if (column.kind === "select") {
    const value = String(draft[field]);
    const choices =
      field === "taxName"
        ? taxes.map((tax) => ({ value: tax.name, text: `${tax.name} (${tax.percentage}%)` }))
        : [{ value: "", text: "-" }, ...warehouses.map((warehouse) => ({ value: warehouse.warehouseName, text: warehouse.warehouseName }))];
    const listed = field === "taxName" ? taxRateOf(taxes, value) !== undefined : choices.some((choice) => choice.value === value);
    return (
      <select
        aria-label={label}
        autoFocus
        value={field === "taxName" ? (taxRateOf(taxes, value)?.name ?? value) : value}
        onChange={(event) => {
          actions.type(field, event.target.value);
          actions.commit();
        }}
        onBlur={onBlur}
        style={inputSx}
      >
        {!listed && <option value={value}>{value || "-"}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.text}
          </option>
        ))}
      </select>
    );
  }

  const input = (extra: React.InputHTMLAttributes<HTMLInputElement> = {}) => (
    <input
      {...extra}
      aria-label={label}
      autoFocus
      value={String(draft[field])}
      inputMode={column.kind === "number" ? "decimal" : undefined}
      onChange={(event) => actions.type(field, event.target.value)}
      onBlur={onBlur}
      onFocus={(event) => {
        // Caret at the end, as a spreadsheet's edit begins.
        const length = event.target.value.length;
        event.target.setSelectionRange(length, length);
      }}
      style={{ ...inputSx, textAlign: column.align ?? "left" }}
    />
  );
  if (field === "code" || field === "name") {
    return (
      <CatalogueSuggestions typed={String(draft[field])} listId={`catalogue-${field}`} actions={actions} taxes={taxes}>
        {input}
      </CatalogueSuggestions>
    );
  }
  return input();
}
