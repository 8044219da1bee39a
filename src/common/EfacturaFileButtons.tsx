/**
 * 'Descarcă PDF' and 'Descarcă ZIP semnat' for an archived e-Factura (an invoice SPV validated, or
 * one a supplier sent): `base` is where the server answers `<base>/pdf` (ANAF's rendering of the
 * invoice) and `<base>/zip` (the invoice with the Ministry of Finance's signature, as SPV gave it).
 * A failure shows the server's reason under the buttons (ANAF not answering, nothing archived).
 */
import { useState } from "react";
import { useDataProvider, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import FolderZipIcon from "@mui/icons-material/FolderZip";
import PictureAsPdfIcon from "@mui/icons-material/PictureAsPdf";
import type { AppDataProvider } from "../providers/customMethods";
import { errorMessage } from "./errorMessage";
import { saveFile } from "./saveFile";

/** `efactura-<number>.<extension>`, the number kept to what a file name may hold (the server names them alike). */
export const efacturaFileName = (number: string | null | undefined, fallback: string | number, extension: "pdf" | "zip") =>
  `efactura-${(number ?? "").replace(/[^A-Za-z0-9_-]/g, "") || fallback}.${extension}`;

export function EfacturaFileButtons({ base, fileName, disabled = false }: { base: string; fileName: (extension: "pdf" | "zip") => string; disabled?: boolean }) {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [busy, setBusy] = useState<"pdf" | "zip">();
  const [error, setError] = useState<string>();
  const download = async (kind: "pdf" | "zip") => {
    setBusy(kind);
    setError(undefined);
    try {
      saveFile(await dataProvider.efacturaFile(base, kind), fileName(kind));
    } catch (failure) {
      setError(translate("efacturaFiles.downloadError", { message: errorMessage(failure, "") }));
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <Stack spacing={1}>
      <Stack direction="row" spacing={1} sx={{ flexWrap: "wrap" }}>
        <Button startIcon={<PictureAsPdfIcon />} disabled={disabled || busy !== undefined} onClick={() => download("pdf")}>
          {translate("efacturaFiles.downloadPdf")}
        </Button>
        <Button startIcon={<FolderZipIcon />} disabled={disabled || busy !== undefined} onClick={() => download("zip")}>
          {translate("efacturaFiles.downloadZip")}
        </Button>
      </Stack>
      {error ? <Alert severity="error">{error}</Alert> : null}
    </Stack>
  );
}
