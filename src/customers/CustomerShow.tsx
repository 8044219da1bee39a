/**
 * A customer's own page: its fields grouped as the form groups them (identity, address, bank,
 * contact), its state at ANAF as last read (and a check now), how many invoices are made out to
 * it (a link to them), and the ways to change it:
 * edit, and delete, which the server refuses while invoices use it (its sentence shown); below,
 * its statement ('Fișa client', CustomerStatement.tsx).
 */
import type { ReactNode } from "react";
import {
  EditButton,
  EmailField,
  Labeled,
  ReferenceManyCount,
  ShowBase,
  TextField,
  TopToolbar,
  useRecordContext,
  useShowContext,
  useTranslate,
} from "react-admin";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { Customer } from "../../contract/api";
import { ConfirmDeleteButton } from "../common/ConfirmDeleteButton";
import { RequireAccess } from "../common/RequireAccess";
import { ScreenHeading } from "../common/ScreenHeading";
import { AnafStatus } from "./AnafStatus";
import { CustomerStatement } from "./CustomerStatement";

const EMPTY = "—";

export function CustomerShow() {
  return (
    <RequireAccess resource="customers">
      <ShowBase resource="customers">
        <CustomerPage />
      </ShowBase>
    </RequireAccess>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Grid size={{ xs: 12, md: 6 }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      <Stack spacing={1}>{children}</Stack>
    </Grid>
  );
}

const Field = ({ source }: { source: keyof Customer }) => (
  <Labeled source={source}>
    <TextField source={source} emptyText={EMPTY} />
  </Labeled>
);

function CustomerPage() {
  const { isPending } = useShowContext();
  const record = useRecordContext<Customer>();
  const translate = useTranslate();
  if (isPending || !record) return null;
  const section = (name: string) => translate(`resources.customers.sections.${name}`);
  return (
    <>
      <ScreenHeading inAppBar>{record.clientName}</ScreenHeading>
      {/* In the layout's column react-admin's toolbar takes the page's height on a phone (flex-basis 100%): a block of its own keeps it to its buttons. */}
      <div>
        <TopToolbar>
          <EditButton />
          <ConfirmDeleteButton
            title={translate("resources.customers.deleteTitle", { name: record.clientName })}
            content={translate("resources.customers.deleteContent")}
            successMessage={translate("resources.customers.deleted")}
            redirect="list"
          />
        </TopToolbar>
      </div>
      <Card>
        <CardContent>
          <Grid container spacing={3}>
            <Section title={section("identity")}>
              <Field source="clientName" />
              <Field source="codClient" />
              <Field source="cif" />
              <Field source="regCom" />
              <Labeled label="resources.customers.anaf.status">
                <AnafStatus />
              </Labeled>
              <Labeled label="resources.customers.invoices">
                <ReferenceManyCount
                  reference="invoices"
                  target="clientId"
                  link
                  render={({ total }) => translate("resources.customers.invoiceCount", { smart_count: total ?? 0 })}
                />
              </Labeled>
            </Section>
            <Section title={section("address")}>
              <Field source="adresa" />
              <Field source="localitate" />
              <Field source="judet" />
              <Field source="tara" />
            </Section>
            <Section title={section("bank")}>
              <Field source="banca" />
              <Field source="iban" />
            </Section>
            <Section title={section("contact")}>
              <Field source="persContact" />
              <Labeled source="email">
                {/* A blank e-mail is '' (blank text fields are), which EmailField does not count as empty. */}
                {record.email ? <EmailField source="email" /> : <Typography variant="body2">{EMPTY}</Typography>}
              </Labeled>
              <Field source="telefon" />
            </Section>
          </Grid>
        </CardContent>
      </Card>
      <CustomerStatement customer={record} />
    </>
  );
}
