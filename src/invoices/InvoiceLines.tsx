/**
 * The 'Produse' tab: the invoice's lines, 'Adaugă Produs', edit and delete per line, and the live
 * totals. Rows are memoised on their line object, so adding or changing one line re-renders that
 * row only; a 400-line invoice stays responsive. Amounts and quantities are written as Romanians
 * write them (prices with 2 decimals, quantities with the decimals they have). On a phone each
 * line is a card (name, quantity × price, VAT, its total, edit and delete) rather than a table
 * whose price, VAT and actions would sit past the screen's edge.
 */
import { memo, useCallback, useMemo, useState } from "react";
import { useDataProvider, useNotify, useTranslate } from "react-admin";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import useMediaQuery from "@mui/material/useMediaQuery";
import type { Theme } from "@mui/material/styles";
import AddIcon from "@mui/icons-material/Add";
import DeleteIcon from "@mui/icons-material/Delete";
import EditIcon from "@mui/icons-material/Edit";
import type { InvoiceLine, InvoiceLineInput, Warehouse } from "../../contract/api";
import { formatAmount, formatQuantity, lineTotals } from "./lineTotals";
import { InvoiceLineDialog } from "./InvoiceLineDialog";
import type { AppDataProvider, TaxRate } from "../providers/customMethods";
import { TaxListNotice } from "./TaxListNotice";

/** Prices are kept with 2 decimals (the spec's price step 0.01), and shown so. */
const PRICE_DECIMALS = 2;

interface LineProps {
  line: InvoiceLine;
  readOnly: boolean;
  onEdit: (line: InvoiceLine) => void;
  onDelete: (line: InvoiceLine) => void;
}

function LineActions({ line, onEdit, onDelete }: Omit<LineProps, "readOnly">) {
  const translate = useTranslate();
  return (
    <Stack direction="row">
      <IconButton size="small" aria-label={`${translate("resources.invoices.lines.editAction")} ${line.name}`} onClick={() => onEdit(line)}>
        <EditIcon fontSize="small" />
      </IconButton>
      <IconButton size="small" aria-label={`${translate("resources.invoices.lines.delete")} ${line.name}`} onClick={() => onDelete(line)}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Stack>
  );
}

const LineRow = memo(function LineRow({ line, readOnly, onEdit, onDelete }: LineProps) {
  return (
    <TableRow data-testid="product-line">
      <TableCell>{line.name}</TableCell>
      <TableCell>{line.code}</TableCell>
      <TableCell align="right">{formatQuantity(line.quantity)}</TableCell>
      <TableCell>{line.measuringUnitName}</TableCell>
      <TableCell align="right">{formatAmount(line.price, PRICE_DECIMALS)}</TableCell>
      <TableCell>{line.currency}</TableCell>
      <TableCell align="right">{formatQuantity(line.taxPercentage)}</TableCell>
      <TableCell>{line.service ? "da" : "-"}</TableCell>
      <TableCell>{line.saveToDb ? "da" : "-"}</TableCell>
      <TableCell>{line.warehouseName || "-"}</TableCell>
      <TableCell>{!readOnly && <LineActions line={line} onEdit={onEdit} onDelete={onDelete} />}</TableCell>
    </TableRow>
  );
});

/** A line on a phone: what it is, quantity × price, its VAT and total, and its actions on the right. */
const LineCard = memo(function LineCard({ line, precision, readOnly, onEdit, onDelete }: LineProps & { precision: number }) {
  const translate = useTranslate();
  const gross = lineTotals([line], precision)[0].gross;
  return (
    <Box
      component="li"
      data-testid="product-line"
      sx={{ display: "flex", gap: 1, alignItems: "flex-start", py: 1, borderBottom: 1, borderColor: "divider" }}
    >
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" component="p" sx={{ fontWeight: 500, overflowWrap: "anywhere" }}>
          {line.name}
        </Typography>
        <Typography variant="caption" component="p" color="text.secondary" sx={{ overflowWrap: "anywhere" }}>
          {[line.code, line.warehouseName].filter(Boolean).join(" · ")}
        </Typography>
        <Typography variant="body2" component="p">
          {translate("resources.invoices.lineCard.quantityTimesPrice", {
            quantity: formatQuantity(line.quantity),
            unit: line.measuringUnitName,
            price: formatAmount(line.price, PRICE_DECIMALS),
            currency: line.currency,
          })}
        </Typography>
        <Typography variant="body2" component="p" color="text.secondary">
          {translate("resources.invoices.lineCard.vat", { percentage: formatQuantity(line.taxPercentage) })}
        </Typography>
        <Typography variant="body2" component="p" sx={{ fontWeight: 500 }}>
          {translate("resources.invoices.lineCard.total", { total: formatAmount(gross, precision), currency: line.currency })}
        </Typography>
      </Box>
      {!readOnly && <LineActions line={line} onEdit={onEdit} onDelete={onDelete} />}
    </Box>
  );
});

function LinesTable({ lines, readOnly, onEdit, onDelete }: Omit<LineProps, "line"> & { lines: readonly InvoiceLine[] }) {
  const translate = useTranslate();
  const label = (field: string) => translate(`resources.invoices.lines.${field}`);
  return (
    <TableContainer>
      <Table size="small" aria-label={translate("resources.invoices.tabs.lines")}>
        <TableHead>
          <TableRow>
            <TableCell>{label("name")}</TableCell>
            <TableCell>{label("code")}</TableCell>
            <TableCell align="right">{label("quantity")}</TableCell>
            <TableCell>{label("measuringUnitName")}</TableCell>
            <TableCell align="right">{label("price")}</TableCell>
            <TableCell>{label("currency")}</TableCell>
            <TableCell align="right">{label("taxPercentage")}</TableCell>
            <TableCell>
              <Tooltip title={label("serviceTooltip")}>
                <span>{label("service")}</span>
              </Tooltip>
            </TableCell>
            <TableCell>
              <Tooltip title={label("saveToDbTooltip")}>
                <span>{label("saveToDb")}</span>
              </Tooltip>
            </TableCell>
            <TableCell>{label("warehouse")}</TableCell>
            <TableCell>{label("actions")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((line) => (
            <LineRow key={line.id} line={line} readOnly={readOnly} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Totals({ lines, precision }: { lines: readonly InvoiceLine[]; precision: number }) {
  const translate = useTranslate();
  const totals = useMemo(() => lineTotals(lines, precision), [lines, precision]);
  if (totals.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }} aria-label={translate("resources.invoices.totals.title")} role="region">
      <Table size="small" sx={{ maxWidth: 520, ml: "auto" }}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="right">{translate("resources.invoices.totals.net")}</TableCell>
            <TableCell align="right">{translate("resources.invoices.totals.vat")}</TableCell>
            <TableCell align="right">{translate("resources.invoices.totals.gross")}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {totals.map((total) => (
            <TableRow key={total.currency} data-testid={`totals-${total.currency}`}>
              <TableCell>{total.currency}</TableCell>
              <TableCell align="right">{formatAmount(total.net, precision)}</TableCell>
              <TableCell align="right">{formatAmount(total.vat, precision)}</TableCell>
              <TableCell align="right">{formatAmount(total.gross, precision)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}

export function InvoiceLines({
  invoiceId,
  lines: loadedLines,
  onLinesChange,
  warehouses,
  taxes,
  currency,
  precision,
  readOnly,
}: {
  invoiceId: number;
  /** the lines as loaded: read once, the component keeps them from then on */
  lines: readonly InvoiceLine[];
  /** after each change the server stored: the invoice's lines now */
  onLinesChange?: (lines: readonly InvoiceLine[]) => void;
  warehouses: readonly Warehouse[];
  taxes: readonly TaxRate[];
  currency: string;
  precision: number;
  readOnly: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const [lines, setLinesState] = useState(loadedLines);
  const setLines = useCallback(
    (update: (lines: readonly InvoiceLine[]) => readonly InvoiceLine[]) =>
      setLinesState((old) => {
        const next = update(old);
        queueMicrotask(() => onLinesChange?.(next));
        return next;
      }),
    [onLinesChange],
  );
  // undefined: closed; null: adding; a line: editing it
  const [editing, setEditing] = useState<InvoiceLine | null | undefined>(undefined);
  const phone = useMediaQuery<Theme>((theme) => theme.breakpoints.down("sm"));
  const label = (field: string) => translate(`resources.invoices.lines.${field}`);

  const save = async (input: InvoiceLineInput, id: number | undefined) => {
    setEditing(undefined); // the spec: the dialog closes once save is submitted
    try {
      if (id === undefined) {
        const added = await dataProvider.addInvoiceLine(invoiceId, input);
        setLines((old) => [...old, added]);
      } else {
        const updated = await dataProvider.updateInvoiceLine(id, input);
        setLines((old) => old.map((line) => (line.id === id ? updated : line)));
      }
    } catch (failure) {
      const message = (failure as { body?: { message?: string } }).body?.message;
      const key = id === undefined ? "resources.invoices.lines.addError" : "resources.invoices.lines.updateError";
      notify(message ? `${translate(key)} ${message}` : key, { type: "error" });
    }
  };

  const onEdit = useCallback((line: InvoiceLine) => setEditing(line), []);
  const onDelete = useCallback(
    async (line: InvoiceLine) => {
      if (!window.confirm(translate("resources.invoices.lines.deleteConfirm", { name: line.name }))) return;
      try {
        await dataProvider.deleteInvoiceLine(line.id);
        setLines((old) => old.filter((candidate) => candidate.id !== line.id));
      } catch {
        notify("resources.invoices.lines.deleteError", { type: "error" });
      }
    },
    [dataProvider, notify, setLines, translate],
  );

  return (
    <Box>
      <TaxListNotice />
      {!readOnly && (
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)} sx={{ mb: 2 }}>
          {label("add")}
        </Button>
      )}
      {phone ? (
        <Box component="ul" aria-label={translate("resources.invoices.tabs.lines")} sx={{ listStyle: "none", p: 0, m: 0 }}>
          {lines.map((line) => (
            <LineCard key={line.id} line={line} precision={precision} readOnly={readOnly} onEdit={onEdit} onDelete={onDelete} />
          ))}
        </Box>
      ) : (
        <LinesTable lines={lines} readOnly={readOnly} onEdit={onEdit} onDelete={onDelete} />
      )}
      {lines.length === 0 && (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {label("empty")}
        </Typography>
      )}
      <Totals lines={lines} precision={precision} />
      {editing !== undefined && (
        <InvoiceLineDialog
          line={editing}
          warehouses={warehouses}
          taxes={taxes}
          currency={currency}
          onCancel={() => setEditing(undefined)}
          onSave={save}
        />
      )}
    </Box>
  );
}
