/**
 * The customer's state at ANAF on its page, as last read (the server keeps ANAF's answers: the
 * page never asks ANAF by itself) with the day it was read, and 'Verifică acum la ANAF', the
 * forms' lookup, after which the page reads the customer again. A CIF that is no Romanian CUI
 * (a foreign VAT code) has nothing to check.
 */
import { useState } from "react";
import { useDataProvider, useRecordContext, useRefresh, useTranslate } from "react-admin";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import CircularProgress from "@mui/material/CircularProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { AnafCompany, AnafState } from "../../contract/anaf";
import type { CustomerRecord } from "../../contract/api";
import { cuiOf } from "../../contract/cif";
import { formatRoDate } from "../common/RoDateField";
import { HttpError } from "../providers/HttpError";
import type { AppDataProvider } from "../providers/customMethods";
import { AnafCompanyPanel } from "./AnafCompanyPanel";

const STATE_COLOURS: Record<AnafState, "success" | "warning" | "error" | "default"> = {
  active: "success",
  inactive: "warning",
  struckOff: "error",
  notFound: "warning",
};

export function AnafStatus() {
  const record = useRecordContext<CustomerRecord>();
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  const refresh = useRefresh();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string>();
  const [company, setCompany] = useState<AnafCompany>();
  if (!record) return null;
  if (cuiOf(record.cif) === null) return <Typography variant="body2">{translate("resources.customers.anaf.notRomanian")}</Typography>;
  const { anaf } = record;

  async function checkNow() {
    setAsking(true);
    setFailure(undefined);
    setCompany(undefined);
    try {
      setCompany(await dataProvider.anafCompany(record!.cif));
      refresh();
    } catch (error) {
      // ANAF not knowing the CIF is an answer too, kept as such: the page shows it.
      if (error instanceof HttpError && error.status === 404) refresh();
      else setFailure(error instanceof Error ? error.message : String(error));
    } finally {
      setAsking(false);
    }
  }

  return (
    <Stack spacing={1} alignItems="flex-start">
      <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap>
        <Chip
          size="small"
          color={anaf ? STATE_COLOURS[anaf.state] : "default"}
          label={translate(`resources.customers.anaf.states.${anaf?.state ?? "unchecked"}`)}
        />
        {anaf && (
          <Typography variant="body2" color="text.secondary">
            {translate("resources.customers.anaf.checkedOn", { date: formatRoDate(anaf.checkedAt) })}
          </Typography>
        )}
        <Button
          size="small"
          onClick={checkNow}
          disabled={asking}
          startIcon={asking ? <CircularProgress size={14} color="inherit" /> : undefined}
        >
          {translate("resources.customers.anaf.checkNow")}
        </Button>
      </Stack>
      {failure && <Alert severity="error">{failure}</Alert>}
      {company && <AnafCompanyPanel company={company} />}
    </Stack>
  );
}
