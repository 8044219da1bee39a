/**
 * Outgoing e-mail. Every message is first written to the `outbox` table (the record of what
 * went out, and the only delivery when no SMTP server is configured); with SMTP_URL set it is
 * then sent in the background and marked `sentAt`. Sending in the background keeps a request's
 * answer time independent of the mail server, so it reveals nothing (e.g. whether an account
 * exists on /dmz-api/recover).
 */
import type { FastifyBaseLogger } from "fastify";
import type { Kysely } from "kysely";
import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import type { Database } from "../db/database";
import { timestamp } from "../db/timestamps";

export interface Mail {
  recipient: string;
  subject: string;
  body: string;
}

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
      });
      await db.updateTable("outbox").set({ sentAt: timestamp() }).where("id", "=", id).execute();
    } catch (error) {
      log.error({ err: error, outboxId: id }, "e-mail delivery failed; it stays in the outbox");
    }
  }

  return {
    async send(mail) {
      const { id } = await db
        .insertInto("outbox")
        .values({ ...mail, createdAt: timestamp(), sentAt: null })
        .returning("id")
        .executeTakeFirstOrThrow();
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
