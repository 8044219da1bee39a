/**
 * 'Export CSV' and 'Export XLSX' on a list the server exports (contract/paths.ts
 * ExportableResource): the file holds every row of the list's current filters, in its current
 * sort, not just the page shown, and is saved under `filename` with the format's extension.
 * Each format has its own icon: on a phone react-admin shows a button's icon alone.
 */
import { Button as RaButton, useDataProvider, useListContext, useNotify, useTranslate } from "react-admin";
import GridOnIcon from "@mui/icons-material/GridOnOutlined";
import TextSnippetIcon from "@mui/icons-material/TextSnippetOutlined";
import type { ExportableResource } from "../../contract/paths";
import type { AppDataProvider, ExportFormat } from "../providers/customMethods";
import { errorMessage } from "./errorMessage";
import { saveFile } from "./saveFile";

export function ListExportButtons({
  resource,
  filename,
  errorKey,
}: {
  resource: ExportableResource;
  /** without the extension, e.g. "clienti" */
  filename: string;
  /** i18n key of the failure's notice, given the server's reason as %{message} */
  errorKey: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { filterValues, sort } = useListContext();
  const run = (format: ExportFormat) =>
    dataProvider
      .exportList(resource, { filter: filterValues, sort, format })
      .then((file) => saveFile(file, `${filename}.${format}`))
      .catch((failure) => notify(translate(errorKey, { message: errorMessage(failure, "") }), { type: "error" }));
  return (
    <>
      <RaButton label={translate("lists.exportCsv")} onClick={() => run("csv")}>
        {/* CSV: plain text */}
        <TextSnippetIcon />
      </RaButton>
      <RaButton label={translate("lists.exportXlsx")} onClick={() => run("xlsx")}>
        {/* XLSX: a spreadsheet */}
        <GridOnIcon />
      </RaButton>
    </>
  );
}
