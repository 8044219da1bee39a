/**
 * The customer form's fields, for adding and editing, grouped as the customer's page shows them:
 * identity, address, bank, contact. They check what the server checks of an imported row, where
 * that needs no question to it (required name, code and CIF; the CIF's control digit, the IBAN,
 * the e-mail), in the import's own words; a code another customer has is the server's to say,
 * and its reasons show at their fields too (react-admin reads the answer's `errors`). Beside the
 * CIF, 'Completează din ANAF' (AnafFill.tsx), brought forward on a new customer.
 */
import type { ReactNode } from "react";
import { TextInput, useRecordContext, useTranslate } from "react-admin";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { DEFAULT_COUNTRY } from "../../contract/constants";
import { isValidCif, isValidIban } from "../../contract/customerChecks";
import { isEmailAddress } from "../../contract/emailAddress";
import { AnafFill } from "./AnafFill";

type Translate = ReturnType<typeof useTranslate>;

/** As the server compares them: the CIF and IBAN without spaces, in capitals. */
const compact = (value: unknown) => (typeof value === "string" ? value.replace(/\s+/g, "").toUpperCase() : "");
const trimmed = (value: unknown) => (typeof value === "string" ? value.trim() : "");

/**
 * Blank text is no text (the server refuses it too), said in the field's own sentence; marked as
 * required, as react-admin's `required()` is, so the label shows the asterisk.
 */
const filled = (message: string) => Object.assign((value: unknown) => (trimmed(value) ? undefined : message), { isRequired: true });

function customerChecks(translate: Translate) {
  const say = (key: string, options?: Record<string, unknown>) => translate(`resources.customers.validation.${key}`, options);
  return {
    clientName: filled(say("nameMissing")),
    codClient: filled(say("codeMissing")),
    cif: Object.assign(
      (value: unknown) => {
        const cif = compact(value);
        if (!cif) return say("cifMissing");
        return isValidCif(cif) ? undefined : say("cifInvalid", { cif });
      },
      { isRequired: true },
    ),
    iban: (value: unknown) => {
      const iban = compact(value);
      return iban && !isValidIban(iban) ? say("ibanInvalid", { iban }) : undefined;
    },
    email: (value: unknown) => {
      const email = trimmed(value);
      return email && !isEmailAddress(email) ? say("emailInvalid", { email }) : undefined;
    },
  };
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle1" sx={{ fontWeight: 500, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Stack>
  );
}

const Row = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: "column", sm: "row" }} columnGap={2}>
    {children}
  </Stack>
);

export function CustomerInputs() {
  const translate = useTranslate();
  const checks = customerChecks(translate);
  const section = (name: string) => translate(`resources.customers.sections.${name}`);
  const isNew = useRecordContext()?.id === undefined;
  return (
    <Stack sx={{ width: "100%", maxWidth: 760 }}>
      <Section title={section("identity")}>
        <TextInput source="clientName" validate={checks.clientName} autoFocus />
        <Row>
          <TextInput source="codClient" validate={checks.codClient} />
          <TextInput source="regCom" />
        </Row>
        {/* 'Completează din ANAF' beside the CIF; offered at once while a new customer's CIF is typed. */}
        <AnafFill offer={isNew}>
          <TextInput source="cif" validate={checks.cif} helperText="resources.customers.cifHelp" />
        </AnafFill>
      </Section>
      <Section title={section("address")}>
        <TextInput source="adresa" />
        <Row>
          <TextInput source="localitate" />
          <TextInput source="judet" />
          <TextInput source="tara" />
        </Row>
      </Section>
      <Section title={section("bank")}>
        <Row>
          <TextInput source="banca" />
          <TextInput source="iban" validate={checks.iban} />
        </Row>
      </Section>
      <Section title={section("contact")}>
        <Row>
          <TextInput source="persContact" />
          {/* Not type="email": the browser's own rule would stop the form before the product's says why. */}
          <TextInput source="email" validate={checks.email} />
          <TextInput source="telefon" type="tel" />
        </Row>
      </Section>
    </Stack>
  );
}

/** What a new customer starts with: the country the import assumes for an empty cell. */
export const NEW_CUSTOMER = { tara: DEFAULT_COUNTRY } as const;
