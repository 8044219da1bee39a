/**
 * The catalogue as a CSV file: every product the list's search, filters and sort hold (not just
 * the page shown), read through the dataProvider a server page at a time, headed by the column
 * names the screen shows. Built here, as the list is: the catalogue needs no export route.
 */
import { Button as RaButton, useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import DownloadIcon from "@mui/icons-material/Download";
import { errorMessage } from "../common/errorMessage";
import { saveFile } from "../common/saveFile";

/** The server's largest page (server/routes/api/listQuery.ts MAX_PAGE_SIZE). */
const PAGE = 500;
const COLUMNS = ["code", "name", "unit", "price", "currency", "taxName", "taxPercentage", "isService"] as const;

/** One CSV field: quoted when it holds a separator, a quote or a line break. */
const field = (value: unknown) => {
  const text = String(value ?? "");
  return /[";\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
};

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
      // Semicolons and a byte-order mark: what Excel opens as columns, diacritics intact, on a Romanian system.
      const lines = [
        COLUMNS.map((column) => field(translate(`resources.products.fields.${column}`))).join(";"),
        ...rows.map((row) =>
          COLUMNS.map((column) => {
            const value = row[column];
            if (column === "isService") return field(value ? yes : no);
            return field(typeof value === "number" ? value.toLocaleString("ro-RO", { useGrouping: false }) : value);
          }).join(";"),
        ),
      ];
      saveFile(new Blob([`\uFEFF${lines.join("\r\n")}\r\n`], { type: "text/csv;charset=utf-8" }), "nomenclator-produse.csv");
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
