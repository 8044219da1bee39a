/**
 * Outgoing e-mail. Every message is first written to the `outbox` table (the record of what
 * went out, and the only delivery when no SMTP server is configured); with SMTP_URL set it is
 * then sent in the background and marked `sentAt`. Sending in the background keeps a request's
 * answer time independent of the mail server, so it reveals nothing (e.g. whether an account
 * exists on /dmz-api/recover).
 *
 * Once SMTP has taken a mail, the outbox keeps its text with every link token blanked out: the
 * recipient has the link, and a usable password link should not outlive its delivery in a table
 * that backups and database readers see.
 *
 * A mail may carry files (a customer's statement as a PDF). The outbox keeps text only: it names
 * each file at the end of the body, and the file itself goes to SMTP alone.
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";

export interface MailAttachment {
  filename: string;
  content: Buffer;
  contentType: string;
}

export interface Mail {
  recipient: string;
  subject: string;
  body: string;
  attachments?: readonly MailAttachment[];
}

/** The body as the outbox keeps it: the files' names after the text. */
export function outboxBody(mail: Mail): string {
  const names = (mail.attachments ?? []).map((file) => file.filename);
  return names.length === 0 ? mail.body : `${mail.body}\n\n${ATTACHED_FILES_LABEL} ${names.join(", ")}`;
}

/** Before the attached files' names in the outbox's copy of a mail. */
export const ATTACHED_FILES_LABEL = "[Atașat]";

export interface Mailer {
  /** Records the mail and starts its delivery; resolves with the outbox id once recorded. */
  send(mail: Mail): Promise<number>;
  /** Resolves when every delivery started so far has finished (or failed). */
  idle(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(
  db: Kysely<Database>,
  config: Pick<Config, "smtpUrl" | "mailFrom">,
  log: FastifyBaseLogger,
): Mailer {
  const transport: Transporter | undefined = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(id: number, mail: Mail): Promise<void> {
    try {
      await transport!.sendMail({
        from: config.mailFrom,
        to: mail.recipient,
        subject: mail.subject,
        text: mail.body,
        attachments: mail.attachments?.map(({ filename, content, contentType }) => ({ filename, content, contentType })),
      });
      await db
        .updateTable("outbox")
        .set({ sentAt: timestamp(), body: redactLinkTokens(outboxBody(mail)) })
        .where("id", "=", id)
        .execute();
    } catch (error) {
      log.error({ err: error, outboxId: id }, "e-mail delivery failed; it stays in the outbox");
    }
  }

  return {
    async send(mail) {
      const { id } = await db
        .insertInto("outbox")
        .values({ recipient: mail.recipient, subject: mail.subject, body: outboxBody(mail), createdAt: timestamp(), sentAt: null })
        .returning("id")
        .executeTakeFirstOrThrow();
      // Without SMTP (demo mode, or production without SMTP_URL) the row keeps the full text,
      // usable token included: it is then the only way the link can reach anyone (an operator
      // forwards it), so it cannot be redacted.
      if (transport) {
        const delivery = deliver(id, mail).finally(() => pending.delete(delivery));
        pending.add(delivery);
      }
      return id;
    },
    async idle() {
      await Promise.all([...pending]);
    },
    async close() {
      await Promise.all([...pending]);
      transport?.close();
    },
  };
}

/** Stands in for a link's token in the outbox once the mail has been delivered. */
export const SENT_TOKEN_PLACEHOLDER = "[trimis prin email]";

/** The text with the value of every `token=` query parameter replaced by the placeholder. */
export function redactLinkTokens(text: string): string {
  return text.replace(/([?&]token=)[^&#\s]+/g, `$1${SENT_TOKEN_PLACEHOLDER}`);
}
