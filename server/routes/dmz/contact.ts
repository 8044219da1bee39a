/**
 * The contact page's server side. GET /dmz-api/contact answers the operator's contact details
 * (CONTACT_EMAIL, CONTACT_PHONE; null when not set). POST /dmz-api/contact takes a visitor's
 * message (name, e-mail, company, message) and writes it to the outbox for the operator: to
 * CONTACT_EMAIL when set, else to the super-admins, and the mailer delivers it when SMTP is set.
 *
 * Anyone may call it, so a message costs only what it holds: the body is small and capped field
 * by field, and messages are counted before anything is written (login_failures, as the reset
 * links are): a few per client address and per sender address in an hour, and a ceiling for
 * everyone together, so no number of addresses can fill the outbox. Past a count the answer is
 * 429 until the hour ends. Each message accepted leaves one audit row, in the system tenant,
 * naming the sender's address.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { CONTACT_LIMITS } from "../../../contract/contact";
import { SYSTEM_TENANT_ID } from "../../../contract/constants";
import { isEmailAddress } from "../../../contract/emailAddress";
import { SUPERADMIN } from "../../../contract/roles";
import { takeAttempt } from "../../auth/loginThrottle";
import { HttpError, throttled } from "../../errors";
import { contactMail, contactMessages, tooManyRequests } from "../../messages";
import { normalizeEmail } from "../api/users/users.repository";
import { MessageAnswer } from "../../../contract/schemas/answers";
import { ContactDetailsAnswer, contactBody } from "../../../contract/schemas/dmz";

/** The counting window: an hour. */
export const CONTACT_WINDOW_SECONDS = 3600;
/** Messages per window from one client address, from one sender address, and from everyone. */
export const CONTACT_MAX_PER_ADDRESS = 5;
export const CONTACT_MAX_PER_SENDER = 3;
export const CONTACT_MAX_TOTAL = 100;
/** The largest body the route reads: the fields' caps in UTF-8, JSON's quoting, and a margin. */
const CONTACT_BODY_LIMIT = 32 * 1024;
/** Super-admins written to at most, when no CONTACT_EMAIL is set. */
const MAX_RECIPIENTS = 5;

/** A name or company on one line (it goes in the subject), its spaces collapsed. */
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim();

export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get("/contact", { schema: { response: { 200: ContactDetailsAnswer } } }, async () => ({
    email: app.config.contact.email ?? null,
    phone: app.config.contact.phone ?? null,
  }));

  app.post(
    "/contact",
    {
      bodyLimit: CONTACT_BODY_LIMIT,
      config: { audit: "contact.message" },
      schema: { body: contactBody, response: { 200: MessageAnswer } },
    },
    async (request) => {
      const name = oneLine(request.body.name);
      const company = oneLine(request.body.company ?? "");
      const email = normalizeEmail(request.body.email);
      const message = request.body.message.trim();
      const errors: Record<string, string> = {};
      if (!name) errors.name = contactMessages.nameRequired;
      if (!isEmailAddress(email)) errors.email = contactMessages.emailInvalid;
      if (!message) errors.message = contactMessages.messageRequired;
      else if (message.length < CONTACT_LIMITS.messageMin) errors.message = contactMessages.messageTooShort(CONTACT_LIMITS.messageMin);
      if (Object.keys(errors).length > 0) throw new HttpError(400, contactMessages.notValid, errors);

      const counters = [
        { key: `contact-address:${request.ip}`, max: CONTACT_MAX_PER_ADDRESS },
        { key: `contact-sender:${email}`, max: CONTACT_MAX_PER_SENDER },
        { key: "contact-all", max: CONTACT_MAX_TOTAL },
      ];
      const lockedMs = await takeAttempt(app.db, counters, CONTACT_WINDOW_SECONDS);
      if (lockedMs > 0) throw throttled(lockedMs, tooManyRequests);

      const recipients = app.config.contact.email ? [app.config.contact.email] : await superadminEmails();
      if (recipients.length === 0) {
        request.log.error("a contact message has no one to go to: set CONTACT_EMAIL or add a super-admin");
        throw new HttpError(503, contactMessages.noRecipient);
      }
      await app.db.transaction().execute((trx) =>
        request.audit(trx, { user: { id: null, email }, tenantId: SYSTEM_TENANT_ID, targetLabel: company ? `${name} (${company})` : name }),
      );
      const mail = { subject: contactMail.subject(name, company), body: contactMail.body({ name, email, company, message }) };
      for (const recipient of recipients) await app.mailer.send({ recipient, ...mail });
      return { message: contactMessages.sent };
    },
  );

  async function superadminEmails(): Promise<string[]> {
    const rows = await app.db
      .selectFrom("users")
      .innerJoin("user_roles", "user_roles.userId", "users.id")
      .innerJoin("roles", "roles.id", "user_roles.roleId")
      .select("users.email")
      .where("roles.name", "=", SUPERADMIN)
      .orderBy("users.id")
      .limit(MAX_RECIPIENTS)
      .execute();
    return rows.map((row) => row.email);
  }
};
