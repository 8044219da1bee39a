/** Makes the mailer available as `app.mailer` and lets pending deliveries finish on close. */
import fp from "fastify-plugin";
import { createMailer, type Mailer } from "../mail/mailer";

declare module "fastify" {
  interface FastifyInstance {
    mailer: Mailer;
  }
}

export const mailerPlugin = fp(
  async (app) => {
    const mailer = createMailer(app.db, app.config, app.log);
    app.decorate("mailer", mailer);
    app.addHook("onClose", () => mailer.close());
  },
  { name: "mailer", dependencies: ["db"] },
);
