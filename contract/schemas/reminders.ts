/**
 * Shapes of the reminders' routes (server/routes/api/reminders/): the template settings, the
 * preview and the send's answer (TypeBox); contract/api.ts derives their types. What JSON Schema
 * says poorly (an unknown placeholder, a line break in the subject) is checked by the route, each
 * problem with its Romanian sentence under its field.
 */
import { Type } from "typebox";
import { MAX_REMINDER_INVOICES, REMINDER_BODY_MAX, REMINDER_SUBJECT_MAX } from "../reminders";
import { Nullable } from "./answers";

const strict = { additionalProperties: false } as const;

/** GET and PUT /api/smartbill/reminders/settings */
export const ReminderSettingsSchema = Type.Object(
  {
    subject: Type.String({ maxLength: REMINDER_SUBJECT_MAX, description: "placeholders: {client} {numar} {scadenta} {rest} {zile} {firma}" }),
    body: Type.String({ maxLength: REMINDER_BODY_MAX, description: "the same placeholders as the subject" }),
    intervalDays: Type.Integer({ description: "the fewest days between two reminders of one invoice (1–365)" }),
  },
  strict,
);

/** POST /preview and POST / */
export const reminderInvoicesBody = Type.Object(
  {
    invoiceIds: Type.Array(Type.Integer({ minimum: 1, maximum: 2_147_483_647 }), {
      minItems: 1,
      maxItems: MAX_REMINDER_INVOICES,
      description: "the invoices to remind (ids of the invoice list)",
    }),
  },
  strict,
);

/** One invoice's reminder as it would be sent, or why it would not. */
export const ReminderPreviewSchema = Type.Object({
  invoiceId: Type.Integer(),
  number: Type.String({ description: "series and number, e.g. 'SBL 0012'; '' when not found" }),
  clientName: Type.String(),
  to: Type.String({ description: "the customer's e-mail address; '' when it has none" }),
  subject: Type.String(),
  body: Type.String(),
  refusal: Nullable(Type.String({ description: "why no reminder would be sent, in Romanian; null when it would be" })),
});

export const ReminderPreviewAnswer = Type.Object({ reminders: Type.Array(ReminderPreviewSchema) });

/** POST /: the task that sends them ('invoice-reminders'), followed on the tasks' routes. */
export const ReminderSendAnswer = Type.Object({ taskId: Type.Integer(), count: Type.Integer({ description: "reminders the task will send" }) });
