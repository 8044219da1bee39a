/**
 * The catalogue as a CSV file: every product the list's search, filters and sort hold (not just
 * the page shown), read through the dataProvider a server page at a time, headed by the column
 * names the screen shows. Built here, as the list is: the catalogue needs no export route.
 */
import { Button as RaButton, useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import DownloadIcon from "@mui/icons-material/Download";
import { errorMessage } from "../common/errorMessage";
import { saveFile } from "../common/saveFile";
import { CSV_BOM, type CsvCell, csvRow } from "../../contract/csvRow";

/** The server's largest page (server/routes/api/listQuery.ts MAX_PAGE_SIZE). */
const PAGE = 500;
const COLUMNS = ["code", "name", "unit", "price", "currency", "taxName", "taxPercentage", "isService"] as const;

/** Numbers as a Romanian Excel reads them: `12,5`. */
const romanianNumber = (value: number) => value.toLocaleString("ro-RO", { useGrouping: false });

export function ProductExportButton() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const { filterValues, sort, total } = useListContext();
  const run = async () => {
    try {
      const rows: Record<string, unknown>[] = [];
      for (let page = 1; ; page++) {
        const { data, total: all = 0 } = await dataProvider.getList("products", { filter: filterValues, sort, pagination: { page, perPage: PAGE } });
        rows.push(...data);
        if (data.length === 0 || rows.length >= all) break;
      }
      const yes = translate("ra.boolean.true");
      const no = translate("ra.boolean.false");
      // The product's one CSV rule (contract/csvRow.ts): what Excel opens as columns on a Romanian
      // system, diacritics intact, and no cell any reader could take for a formula.
      const cell = (value: unknown): CsvCell => (typeof value === "number" || typeof value === "string" ? value : null);
      const lines = [
        csvRow(COLUMNS.map((column) => translate(`resources.products.fields.${column}`))),
        ...rows.map((row) => csvRow(COLUMNS.map((column) => (column === "isService" ? (row[column] ? yes : no) : cell(row[column]))), romanianNumber)),
      ];
      saveFile(new Blob([CSV_BOM + lines.join("")], { type: "text/csv;charset=utf-8" }), "nomenclator-produse.csv");
    } catch (failure) {
      notify(translate("resources.products.exportError", { message: errorMessage(failure, "") }), { type: "error" });
    }
  };
  return (
    <RaButton label="ra.action.export" onClick={run} disabled={!total}>
      <DownloadIcon />
    </RaButton>
  );
}
