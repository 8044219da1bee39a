/**
 * /contact: the operator's contact details when the server has them (CONTACT_EMAIL,
 * CONTACT_PHONE), and a form whose message reaches the operator (POST /dmz-api/contact: to
 * CONTACT_EMAIL, else the super-admins). The form checks what the server checks before sending;
 * the server's answer, success or refusal (too many messages, a field it refused), shows above it.
 */
import { useEffect, useState } from "react";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import type { ContactDetails, MessageResponse } from "../../contract/api";
import { CONTACT_LIMITS } from "../../contract/contact";
import { DMZ_PATHS } from "../../contract/paths";
import { errorMessage } from "../common/errorMessage";
import { HttpError } from "../providers/HttpError";
import { requestJson } from "../providers/requestJson";
import { FormTextField } from "../public/FormTextField";
import { usePageFrame } from "../public/pageFrame";
import { emailFormat, filled, minLength, useCheckedForm } from "../public/useCheckedForm";
import { PageCard } from "./PageCard";

const mustHaveValue = filled("login.required");

function useContactDetails(): ContactDetails | null {
  const [details, setDetails] = useState<ContactDetails | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    requestJson<ContactDetails>(DMZ_PATHS.contact, { signal: controller.signal }).then(
      ({ json }) => setDetails(json),
      () => undefined, // without them the form is still there
    );
    return () => controller.abort();
  }, []);
  return details;
}

/** The server's reason, with the fields it refused, if any. */
function refusal(failure: unknown, fallback: string): string {
  const text = errorMessage(failure, fallback);
  const fields = failure instanceof HttpError ? (failure.body as { errors?: Record<string, string> } | undefined)?.errors : undefined;
  return fields ? [text, ...Object.values(fields)].join(" ") : text;
}

/** The form; a message sent hands its answer up (and a new form starts empty). */
function ContactForm({ onSent }: { onSent: (message: string) => void }) {
  const { translate, notify } = usePageFrame();
  const [refused, setRefused] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const form = useCheckedForm(
    {
      name: [mustHaveValue],
      email: [mustHaveValue, emailFormat()],
      company: [],
      message: [mustHaveValue, minLength(CONTACT_LIMITS.messageMin, "contact.messageTooShort")],
    },
    {
      onInvalid: () => notify("ra.message.invalid_form", "error"),
      onSubmit: async ({ name, email, company, message }) => {
        setPending(true);
        setRefused(null);
        try {
          const { json } = await requestJson<MessageResponse>(DMZ_PATHS.contact, {
            method: "POST",
            body: JSON.stringify({ name: name.trim(), email: email.trim(), company: company.trim(), message: message.trim() }),
          });
          onSent(json.message);
        } catch (failure) {
          setRefused(refusal(failure, translate("app.genericError")));
          setPending(false);
        }
      },
    },
  );
  const field = (name: "name" | "email" | "company" | "message") => {
    const checked = form.field(name);
    // This message's words carry a number.
    return checked.error === "contact.messageTooShort"
      ? { ...checked, error: translate("contact.messageTooShort", { min: CONTACT_LIMITS.messageMin }) }
      : checked;
  };

  return (
    <form onSubmit={form.submit} noValidate aria-labelledby="contact-form-title">
      <Stack spacing={1} sx={{ mt: 1 }}>
        {refused && <Alert severity="error">{refused}</Alert>}
        <FormTextField field={field("name")} label="contact.name" autoComplete="name" maxLength={CONTACT_LIMITS.name} />
        <FormTextField field={field("email")} type="email" label="contact.senderEmail" autoComplete="email" maxLength={CONTACT_LIMITS.email} />
        <FormTextField field={field("company")} label="contact.company" autoComplete="organization" maxLength={CONTACT_LIMITS.company} />
        <FormTextField field={field("message")} label="contact.message" multiline minRows={5} maxLength={CONTACT_LIMITS.message} />
        <Button type="submit" variant="contained" disabled={pending} sx={{ alignSelf: "flex-start" }}>
          {translate("contact.submit")}
        </Button>
      </Stack>
    </form>
  );
}

export default function Contact() {
  const { translate } = usePageFrame();
  const details = useContactDetails();
  const [sent, setSent] = useState<string | null>(null);

  const hasDetails = !!(details?.email || details?.phone);
  return (
    <PageCard title={translate("contact.title")} maxWidth={640}>
      <Typography color="text.secondary" paragraph>
        {translate("contact.intro")}
      </Typography>
      {hasDetails && (
        <Stack component="section" aria-labelledby="contact-details" spacing={0.5} sx={{ mb: 2 }} data-testid="contact-details">
          <Typography variant="h6" component="h2" id="contact-details">
            {translate("contact.details")}
          </Typography>
          {details?.email && (
            <Typography>
              {translate("contact.email")}: <Link href={`mailto:${details.email}`}>{details.email}</Link>
            </Typography>
          )}
          {details?.phone && (
            <Typography>
              {translate("contact.phone")}: <Link href={`tel:${details.phone.replace(/[^0-9+]/g, "")}`}>{details.phone}</Link>
            </Typography>
          )}
        </Stack>
      )}
      <Typography variant="h6" component="h2" id="contact-form-title">
        {translate("contact.formTitle")}
      </Typography>
      {sent ? (
        <Stack spacing={2} sx={{ mt: 1 }}>
          <Alert severity="success">{sent}</Alert>
          <Button variant="outlined" sx={{ alignSelf: "flex-start" }} onClick={() => setSent(null)}>
            {translate("contact.another")}
          </Button>
        </Stack>
      ) : (
        <ContactForm onSent={setSent} />
      )}
    </PageCard>
  );
}
