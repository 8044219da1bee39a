/**
 * Choosing an Excel workbook for an import: a button opening the file dialog (.xlsx, .xls) and
 * the chosen file's name, or a note that none is chosen. The caller checks the file
 * (`checkExcelFile`) when it is sent.
 */
import { useRef } from "react";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import UploadFileIcon from "@mui/icons-material/UploadFile";
import { EXCEL_ACCEPT } from "./excelFile";

export function ExcelFileInput({
  file,
  onChange,
  chooseLabel,
  noFileLabel,
  testId,
}: {
  file: File | null;
  onChange: (file: File | null) => void;
  chooseLabel: string;
  noFileLabel: string;
  /** the hidden input's test id, for tests that set the file directly */
  testId: string;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="outlined" startIcon={<UploadFileIcon />} onClick={() => input.current?.click()}>
        {chooseLabel}
      </Button>
      <input
        ref={input}
        type="file"
        accept={EXCEL_ACCEPT}
        hidden
        data-testid={testId}
        onChange={(event) => onChange(event.target.files?.[0] ?? null)}
      />
      <Typography data-testid="chosen-file">{file?.name ?? noFileLabel}</Typography>
    </>
  );
}
