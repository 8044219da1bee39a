/**
 * Reminders of overdue invoices, end to end: the app listening with its SmartBill emulator; the
 * invoices are sent through the API first (so SmartBill holds them), then reminded. The template
 * and its refusals, the preview, the bulk send as a task (its progress, the emulator's outbox,
 * the invoices' history, the audit log), the interval kept by two requests at once, and every
 * call paced by the token's budget (asserted on what the budget granted, never on elapsed time).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InvoiceEvent, LoginResponse, ReminderPreviewResult, ReminderSettings, ReminderSendResult } from "../../contract/api";
import { reminderDefaults, reminderMessages } from "../../server/messages";
import { daysBetween } from "../../server/routes/api/reminders/reminderCandidates";
import { romanianDate } from "../../server/smartbill/bucharestTime";
import type { OutboxMail } from "../../server/smartbill/emulator/documentSend";
import type { EmulatorCompanySeed, EmulatorState } from "../../server/smartbill/emulator/index";
import { texts } from "../../server/smartbill/emulator/texts";
import { DEMO_SMARTBILL_TOKEN } from "../../server/smartbill/emulator/demoData";
import type { RateLimitSettings, ReleaseSlot, SmartBillRateLimiter } from "../../server/smartbill/rateLimiter";
import { budgetForToken, SharedTokenBudget } from "../../server/smartbill/sharedBudget";
import { resetSmartBillLimiters } from "../../server/smartbill/client";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, addSentInvoice, DEMO_TENANT } from "../helpers/sentInvoices";
import { emulator, eventually, liveApp, waitForTask } from "../helpers/smartbillData";
import type { TestApp } from "../helpers/testApp";
import { addTenant, addUser } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** A small window, so the bulk send must wait for it: the budget, not luck, spaces the calls. */
const BUDGET: RateLimitSettings = { limit: 4, windowMs: 300 };
/** Issued on a fixed past day: due 14 days later, long overdue whenever the suite runs. */
const PAST_ISSUE = "2026-08-31";
const PAST_DUE = "2026-09-14";

interface Grant {
  grantedAt: number;
  releasedAt?: number;
}

describeEachDialect("reminders of overdue invoices", (dialect) => {
  let t: TestApp;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let otherTenant: LoginResponse;
  let clientId: number;
  let budget: SmartBillRateLimiter;
  /** Every call the token's budget let through since the last clear, with when it was let and freed. */
  const grants: Grant[] = [];

  beforeAll(async () => {
    t = await liveApp(dialect);
    // The token's budget, made before any call so the app's client uses it, then watched.
    resetSmartBillLimiters();
    budget = budgetForToken(DEMO_SMARTBILL_TOKEN, BUDGET, t.db);
    const acquire = budget.acquire.bind(budget);
    budget.acquire = async (callMs: number): Promise<ReleaseSlot> => {
      const release = await acquire(callMs);
      const grant: Grant = { grantedAt: Date.now() };
      grants.push(grant);
      return () => {
        grant.releasedAt = Date.now();
        return release();
      };
    };
    [invoicing, admin] = await Promise.all([t.signIn("facturare@demo.ro"), t.signIn("admin@demo.ro")]);
    const otherTenantId = await addTenant(t, "Alt Tenant Reamintiri SRL");
    await addUser(t, { email: "facturare@alt-reamintiri.ro", tenantId: otherTenantId, roles: ["ROLE_SMARTBILL"], password: "parola-alt-1" });
    otherTenant = await t.signIn("facturare@alt-reamintiri.ro", "parola-alt-1");
    clientId = await addCustomer(t);
  });
  afterAll(() => t.close());
  beforeEach(async () => {
    await emulator(t, "DELETE", "/outbox");
    await t.db.deleteFrom("reminder_settings").execute();
  });

  const overdueInvoice = () => addSentInvoice(t, invoicing, clientId, { issueDate: PAST_ISSUE });
  const preview = (invoiceIds: number[], session = invoicing) =>
    t.api("POST", "/api/smartbill/reminders/preview", { session, body: { invoiceIds } });
  const send = (invoiceIds: number[], session = invoicing) => t.api("POST", "/api/smartbill/reminders", { session, body: { invoiceIds } });
  const settings = (body?: object, session = invoicing) =>
    body ? t.api("PUT", "/api/smartbill/reminders/settings", { session, body }) : t.api("GET", "/api/smartbill/reminders/settings", { session });
  const outbox = async () => ((await emulator(t, "GET", "/outbox")) as { mails: OutboxMail[] }).mails;
  const history = async (id: number) =>
    (await t.api("GET", `/api/smartbill/invoice/${id}/history`, { session: invoicing })).json<InvoiceEvent[]>().filter((event) => event.action === "reminder");
  const auditRows = (id: number) =>
    t.db.selectFrom("audit_log").selectAll().where("target", "=", String(id)).where("action", "=", "invoices.remind").orderBy("id").execute();
  const sentTask = async (invoiceIds: number[]) => {
    const response = await send(invoiceIds);
    expect(response.statusCode, response.body).toBe(202);
    const { taskId } = response.json<ReminderSendResult>();
    return waitForTask(t, invoicing, taskId);
  };
  const today = () => romanianDate(Date.now());
  /** The demo company in the emulator, changed (its invoices kept). */
  const changeCompany = async (change: (company: EmulatorCompanySeed) => void) => {
    const state = (await emulator(t, "GET", "/state")) as EmulatorState;
    const companies = structuredClone(state.companies) as unknown as EmulatorCompanySeed[];
    change(companies[0]);
    await emulator(t, "PUT", "/state", { companies });
  };
  const ro = (isoDate: string) => isoDate.split("-").reverse().join(".");

  describe("the template", () => {
    it("starts from the Romanian defaults with a 7-day interval", async () => {
      const response = await settings();
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({ ...reminderDefaults, intervalDays: 7 });
    });

    it("is saved per tenant and audited; the other tenant still sees the defaults", async () => {
      const mine = { subject: "Factura {numar} e restantă", body: "Către {client}: aveți de plată {rest}.", intervalDays: 3 };
      const saved = await settings(mine);
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await settings()).json()).toEqual(mine);
      expect((await settings(undefined, otherTenant)).json<ReminderSettings>().intervalDays).toBe(7);
      const audit = await t.db.selectFrom("audit_log").selectAll().where("action", "=", "invoices.reminderSettings").execute();
      expect(audit).toMatchObject([{ tenantId: DEMO_TENANT, userEmail: "facturare@demo.ro", result: "Interval între reamintiri: 3 zile" }]);
    });

    it("refuses an unknown placeholder, a subject of two lines and a bad interval, each under its field, saving nothing", async () => {
      const response = await settings({ subject: "Factura {numar}\nBcc: x@y.ro", body: "Plătiți {suma} până {data}.", intervalDays: 0 });
      expect(response.statusCode).toBe(400);
      const answer = response.json<{ message: string; errors: Record<string, string> }>();
      expect(answer.errors).toEqual({
        subject: reminderMessages.subjectOneLine,
        body: "Câmpurile {suma}, {data} nu sunt cunoscute. Se pot folosi: {client}, {numar}, {scadenta}, {rest}, {zile}, {firma}.",
        intervalDays: "Intervalul dintre reamintiri trebuie să fie un număr întreg de zile, între 1 și 365.",
      });
      expect(answer.message).toMatch(/^Setările reamintirilor nu au fost salvate: /);
      expect(await t.db.selectFrom("reminder_settings").selectAll().execute()).toEqual([]);
    });

    it("is for the invoicing role: an administrator is refused", async () => {
      expect((await settings(undefined, admin)).statusCode).toBe(403);
      expect((await preview([1], admin)).statusCode).toBe(403);
    });
  });

  describe("the preview", () => {
    it("fills every placeholder for the invoice: customer, number, due date, amount due, days overdue, company", async () => {
      const id = await overdueInvoice();
      const invoice = await t.db.selectFrom("invoices").select(["sentSeries", "sentNumber"]).where("id", "=", id).executeTakeFirstOrThrow();
      await settings({ subject: "{numar} / {client}", body: "{scadenta}|{rest}|{zile}|{firma}", intervalDays: 7 });
      const response = await preview([id]);
      expect(response.statusCode, response.body).toBe(200);
      const days = daysBetween(PAST_DUE, today());
      // The invoice's record carries what is owed (the screen offers the reminder by it).
      expect((await t.api("GET", `/api/smartbill/invoice/${id}`, { session: invoicing })).json()).toMatchObject({ dueDate: PAST_DUE, unpaid: 121 });
      expect(response.json<ReminderPreviewResult>().reminders).toEqual([
        {
          invoiceId: id,
          number: `${invoice.sentSeries} ${invoice.sentNumber}`,
          clientName: "Client RO12345678 SRL",
          to: "contact@exemplu.ro",
          subject: `${invoice.sentSeries} ${invoice.sentNumber} / Client RO12345678 SRL`,
          body: `${ro(PAST_DUE)}|121,00 RON|${days} de zile|Demo SRL`,
          refusal: null,
        },
      ]);
    });

    it("says why for an invoice not yet due (with its due date), one whose customer has no e-mail, one paid, and an unknown or another tenant's id", async () => {
      const notDue = await addSentInvoice(t, invoicing, clientId, { issueDate: today() });
      const noEmailClient = await addCustomer(t, DEMO_TENANT, "RO87654321");
      await t.db.updateTable("customers").set({ email: "" }).where("id", "=", noEmailClient).execute();
      const noEmail = await addSentInvoice(t, invoicing, noEmailClient, { issueDate: PAST_ISSUE });
      const paid = await overdueInvoice();
      await t.db.updateTable("invoices").set({ unpaid: 0 }).where("id", "=", paid).execute();
      const otherTenantsId = 2_000_000;
      const dueDate = (await t.db.selectFrom("invoices").select("dueDate").where("id", "=", notDue).executeTakeFirstOrThrow()).dueDate!;

      const response = await preview([notDue, noEmail, paid, otherTenantsId]);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json<ReminderPreviewResult>().reminders.map((reminder) => reminder.refusal)).toEqual([
        `Factura nu este încă scadentă (scadența: ${ro(dueDate)}).`,
        reminderMessages.noEmail,
        reminderMessages.nothingUnpaid,
        reminderMessages.notFound,
      ]);
      // Sending them is refused as a whole: the unknown id like a missing one, the others for having nothing to send.
      expect((await send([notDue, otherTenantsId])).statusCode).toBe(404);
      const none = await send([notDue, noEmail, paid]);
      expect(none.statusCode).toBe(409);
      expect(none.json().message).toBe(reminderMessages.noneToSend);
      expect(await outbox()).toEqual([]);
    });

    it("answers another tenant's invoice as a missing one, in the preview and the send", async () => {
      const id = await overdueInvoice();
      const response = await preview([id], otherTenant);
      expect(response.json<ReminderPreviewResult>().reminders).toEqual([
        { invoiceId: id, number: "", clientName: "", to: "", subject: "", body: "", refusal: reminderMessages.notFound },
      ]);
      const sent = await send([id], otherTenant);
      expect(sent.statusCode).toBe(404);
      expect(await outbox()).toEqual([]);
    });
  });

  describe("the send", () => {
    it("sends each invoice's reminder through SmartBill as a task: the outbox, the progress, the history and the audit log show it", async () => {
      const ids = [await overdueInvoice(), await overdueInvoice(), await overdueInvoice()];
      const refs = await t.db.selectFrom("invoices").select(["id", "sentSeries", "sentNumber"]).where("id", "in", ids).orderBy("id").execute();
      grants.length = 0;
      const task = await sentTask(ids);
      expect(task).toMatchObject({ kind: "invoice-reminders", status: "done", total: 3, processed: 3, updated: 3, errors: 0, progress: 100 });
      expect(task.message).toBe("3 reamintiri trimise.");

      const mails = await outbox();
      expect(mails.map((mail) => [mail.series, mail.number, mail.to])).toEqual(refs.map((ref) => [ref.sentSeries, ref.sentNumber, ["contact@exemplu.ro"]]));
      for (const [index, mail] of mails.entries()) {
        expect(mail.subject).toBe(`Reamintire de plată: factura ${refs[index].sentSeries} ${refs[index].sentNumber}`);
        expect(mail.bodyText).toContain(`avea scadența la ${ro(PAST_DUE)} și are un rest de plată de 121,00 RON`);
        expect(mail.bodyText).toContain("Cu stimă,\nDemo SRL");
        expect(mail.attachment).toBe(`factura${refs[index].sentSeries}${refs[index].sentNumber}.pdf`);
      }
      // Every call went through the token's budget: one grant per reminder.
      expect(grants).toHaveLength(3);
      for (const ref of refs) {
        expect(await history(ref.id)).toMatchObject([
          { action: "reminder", outcome: "ok", userEmail: "facturare@demo.ro", detail: { to: "contact@exemplu.ro", subject: `Reamintire de plată: factura ${ref.sentSeries} ${ref.sentNumber}` } },
        ]);
        expect(await auditRows(ref.id)).toMatchObject([
          { tenantId: DEMO_TENANT, userEmail: "facturare@demo.ro", targetLabel: `${ref.sentSeries} ${ref.sentNumber}`, result: "Trimisă către contact@exemplu.ro" },
        ]);
      }
      const stored = await t.db.selectFrom("invoice_reminders").selectAll().where("invoiceId", "in", ids).execute();
      expect(stored.map((row) => [row.status, row.taskId, row.recipient])).toEqual(ids.map(() => ["sent", task.id, "contact@exemplu.ro"]));

      // 'Scadențe' shows when each was last reminded.
      const listed = (await t.api("GET", `/api/smartbill/receivables?clientId=${clientId}&size=100`, { session: invoicing })).json<{
        content: { id: number; lastReminderAt: string | null }[];
      }>().content;
      for (const row of stored) expect(listed.find((item) => item.id === row.invoiceId)?.lastReminderAt).toBe(row.createdAt);
    });

    it("reports its progress as it goes: each call is let through after the invoices before it are counted", async () => {
      const ids = [await overdueInvoice(), await overdueInvoice(), await overdueInvoice(), await overdueInvoice()];
      const seen: number[] = [];
      const acquire = budget.acquire;
      budget.acquire = async (callMs) => {
        const release = await acquire(callMs);
        const row = await t.db.selectFrom("tasks").select("processed").where("kind", "=", "invoice-reminders").orderBy("id", "desc").executeTakeFirstOrThrow();
        seen.push(Number(row.processed));
        return release;
      };
      try {
        const task = await sentTask(ids);
        expect(task).toMatchObject({ status: "done", total: 4, processed: 4, progress: 100 });
      } finally {
        budget.acquire = acquire;
      }
      expect(seen).toEqual([0, 1, 2, 3]);
    });

    it("keeps the token's budget: no more calls in any window than the budget allows, by the budget's own grants", async () => {
      const ids = await Promise.all(Array.from({ length: 7 }, () => overdueInvoice()));
      grants.length = 0;
      const task = await sentTask(ids);
      expect(task).toMatchObject({ status: "done", updated: 7 });
      expect((await outbox()).length).toBe(7);
      expect(grants).toHaveLength(7);
      // A call counts from its grant until a window after its answer: the call `limit` places later waits for that.
      const limit = budget instanceof SharedTokenBudget ? budget.limit : BUDGET.limit;
      for (let i = 0; i + limit < grants.length; i++) {
        expect(grants[i + limit].grantedAt - grants[i].releasedAt!).toBeGreaterThanOrEqual(BUDGET.windowMs);
      }
    });

    it("never sends one invoice two reminders within the interval for two requests at once; the refusal names the last one's date", async () => {
      const id = await overdueInvoice();
      const answers = await Promise.all([send([id]), send([id])]);
      // The second is refused at once when the first's task has claimed the reminder already; else its task skips it.
      expect(answers.map((answer) => answer.statusCode).sort()).toSatisfy(
        (codes: number[]) => JSON.stringify(codes) === "[202,202]" || JSON.stringify(codes) === "[202,409]",
      );
      const accepted = answers.filter((answer) => answer.statusCode === 202);
      const tasks = await Promise.all(accepted.map((answer) => waitForTask(t, invoicing, answer.json<ReminderSendResult>().taskId)));
      expect(tasks.reduce((sent, task) => sent + task.updated, 0)).toBe(1);
      expect(await outbox()).toHaveLength(1);
      expect(await history(id)).toHaveLength(1);
      expect(await auditRows(id)).toHaveLength(1);

      const next = new Date(Date.parse(`${today()}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
      const again = await preview([id]);
      expect(again.json<ReminderPreviewResult>().reminders[0].refusal).toBe(
        `S-a trimis deja o reamintire pe ${ro(today())}; următoarea se poate trimite începând cu ${ro(next)}.`,
      );
      const refused = await send([id]);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(reminderMessages.noneToSend);
    });

    it("checks the interval again inside the task: of two tasks queued for one invoice before either ran, the second sends nothing", async () => {
      const [busy, id] = [await overdueInvoice(), await overdueInvoice()];
      // A task of the tenant held at its SmartBill call: the tenant's next tasks wait behind it.
      let open!: () => void;
      const gate = new Promise<void>((resolve) => (open = resolve));
      let held = false;
      const acquire = budget.acquire;
      budget.acquire = async (callMs) => {
        if (!held) {
          held = true;
          await gate;
        }
        return acquire(callMs);
      };
      try {
        const first = await send([busy]);
        await eventually(async () => held);
        // Both requests find the invoice free: neither task has run yet.
        const [one, two] = [await send([id]), await send([id])];
        expect([first.statusCode, one.statusCode, two.statusCode]).toEqual([202, 202, 202]);
        open();
        const tasks = await Promise.all([one, two].map((answer) => waitForTask(t, invoicing, answer.json<ReminderSendResult>().taskId)));
        expect(tasks.map((task) => [task.updated, task.errors])).toEqual([
          [1, 0],
          [0, 1],
        ]);
        expect(tasks[1].message).toBe("Nicio reamintire trimisă, 1 factură sărită (nu mai îndeplinea condițiile).");
      } finally {
        open();
        budget.acquire = acquire;
      }
      const numbers = await t.db.selectFrom("invoices").select("sentNumber").where("id", "in", [busy, id]).execute();
      expect((await outbox()).map((mail) => mail.number).sort()).toEqual(numbers.map((row) => row.sentNumber).sort());
      expect(await history(id)).toHaveLength(1);
      expect(await auditRows(id)).toHaveLength(1);
    });

    it("lets the next reminder go once the interval has passed", async () => {
      const id = await overdueInvoice();
      expect((await sentTask([id])).updated).toBe(1);
      // The last reminder moved eight days back: the 7-day interval is over.
      const eightDaysAgo = new Date(Date.now() - 8 * 86_400_000).toISOString();
      await t.db.updateTable("invoice_reminders").set({ createdAt: eightDaysAgo }).where("invoiceId", "=", id).execute();
      expect((await sentTask([id])).updated).toBe(1);
      expect(await history(id)).toHaveLength(2);
    });

    it("keeps SmartBill's refusal in the invoice's history, not in the audit log, and lets a new try go", async () => {
      const id = await overdueInvoice();
      await changeCompany((company) => {
        company.emailServerConfigured = false;
      });
      try {
        const task = await sentTask([id]);
        expect(task).toMatchObject({ status: "done", updated: 0, errors: 1 });
      } finally {
        await changeCompany((company) => {
          company.emailServerConfigured = true;
        });
      }
      expect(await outbox()).toEqual([]);
      expect(await history(id)).toMatchObject([{ action: "reminder", outcome: "refused", answer: texts.emailServerMissing }]);
      expect(await auditRows(id)).toEqual([]);
      expect((await preview([id])).json<ReminderPreviewResult>().reminders[0].refusal).toBeNull();
    });
  });
});
