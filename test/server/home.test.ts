/**
 * GET /api/home on both databases, against a fixture whose every figure is computed by hand
 * below: currencies kept apart, cancelled, deleted and reversed invoices as SmartBill counts
 * them, payments by their date, the aging buckets at their edges, the 12 months, the top
 * debtors, proformas not invoiced, unsent invoices — and "today" in Romania's time zone: the
 * clock stands at 22:30 UTC on 30 November 2026, already 1 December in Romania.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import type { LoginResponse } from "../../contract/api";
import type { CurrencyFigures, HomeFigures } from "../../contract/home";
import { homeMessages } from "../../server/messages";
import { removeTemporaryDatabases } from "../helpers/databases";
import { describeEachDialect } from "../helpers/dialects";
import { addCustomer, DEMO_TENANT } from "../helpers/sentInvoices";
import { addStoredDocument, addStoredPayment, updateStoredDocument } from "../helpers/storedInvoices";
import { type TestApp, testApp } from "../helpers/testApp";
import { addTenant, signInDemoRoles } from "../helpers/users";

afterAll(removeTemporaryDatabases);

/** 22:30 UTC on 30 November: 00:30 on 1 December in Romania (UTC+2 in winter). */
const LAST_EVENING_OF_NOVEMBER = Date.parse("2026-11-30T22:30:00Z");
/** An hour earlier: 23:30 on 30 November in Romania. */
const STILL_NOVEMBER = Date.parse("2026-11-30T21:30:00Z");

const months2026 = (values: Record<string, [number, number]>) =>
  Array.from({ length: 12 }, (_, i) => {
    const month = `2026-${String(i + 1).padStart(2, "0")}`;
    const [invoiced, received] = values[month] ?? [0, 0];
    return { month, invoiced, received };
  });

describeEachDialect("the home's figures (GET /api/home)", (dialect) => {
  let t: TestApp;
  let clock = LAST_EVENING_OF_NOVEMBER;
  let invoicing: LoginResponse;
  let admin: LoginResponse;
  let superadmin: LoginResponse;
  const ids: Record<string, number> = {};
  let clientA: number;
  let clientB: number;
  let clientC: number;

  beforeAll(async () => {
    t = await testApp(dialect, { now: () => clock });
    ({ invoicing, admin, superadmin } = await signInDemoRoles(t));
    clientA = await addCustomer(t, DEMO_TENANT, "RO10000008");
    clientB = await addCustomer(t, DEMO_TENANT, "RO20000004");
    clientC = await addCustomer(t, DEMO_TENANT, "RO30000000");
    const db = t.db;
    const ron = async (name: string, clientId: number | null, issueDate: string, total: number) => {
      ids[name] = await addStoredDocument(db, { clientId, issueDate, total });
    };
    // Due ten days after issue: days overdue on 1 December in the comment.
    await ron("a", clientA, "2026-10-22", 100); // due 11-01: 30 days → 1-30; 40 paid → 60
    await ron("b", clientB, "2026-10-21", 200); // due 10-31: 31 days → 31-60
    await ron("c", clientA, "2026-09-22", 300); // due 10-02: 60 days → 31-60 (a deleted payment does not count)
    await ron("d", clientC, "2026-09-21", 400); // due 10-01: 61 days → 61-90
    await ron("e", clientB, "2026-08-23", 500); // due 09-02: 90 days → 61-90
    await ron("f", clientA, "2026-08-22", 600); // due 09-01: 91 days → 90+
    await ron("g", clientC, "2026-11-21", 700); // due 12-01, today: not overdue → current
    await ron("h", clientB, "2026-11-20", 50); // due 11-30: 1 day → paid in full on 11-30
    await ron("i", clientA, "2026-11-05", 80); // paid in SmartBill itself
    await ron("v", null, "2026-11-25", 20); // no customer; due 12-05 → current
    await ron("j", clientA, "2026-12-01", 1000); // cancelled
    await ron("k", clientB, "2026-11-10", 2000); // deleted from SmartBill
    await ron("l", clientC, "2026-11-12", 300); // reversed by m
    await ron("m", clientC, "2026-12-01", -300); // the storno of l
    await addStoredPayment(db, ids.a, 40, "2026-12-01");
    await addStoredPayment(db, ids.h, 50, "2026-11-30");
    await addStoredPayment(db, ids.c, 10, "2026-12-01", "deleted");
    await updateStoredDocument(db, ids.i, { paymentTotal: 80, paymentPaid: 80, paymentCheckedAt: "2026-11-20T10:00:00.000Z" });
    await updateStoredDocument(db, ids.j, { cancelledAt: "2026-12-01T06:00:00.000Z" });
    await updateStoredDocument(db, ids.k, { deletedAt: "2026-11-11T06:00:00.000Z" });
    await updateStoredDocument(db, ids.l, { reversedById: ids.m });
    await updateStoredDocument(db, ids.m, { reversalOfId: ids.l });

    // Proformas: one not invoiced; one invoiced by us (the invoice n counts), one SmartBill says was
    // invoiced, one cancelled, one a SmartBill draft (no number): only the first is counted.
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-12-01", total: 900, documentType: "proforma" });
    const invoicedHere = await addStoredDocument(db, { clientId: clientC, issueDate: "2026-11-28", total: 250, documentType: "proforma" });
    ids.n = await addStoredDocument(db, { clientId: clientC, issueDate: "2026-12-01", total: 250, dueDays: 30, values: { proformaId: invoicedHere } });
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, documentType: "proforma", values: { invoicedSeries: "SBL", invoicedNumber: "0100" } });
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, documentType: "proforma", values: { cancelledAt: "2026-11-29T06:00:00.000Z" } });
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, documentType: "proforma", values: { draft: 1, sentNumber: null } });

    // Not sent: refused and unclear count; a draft, a refused proforma do not.
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, values: { status: "refused", sentNumber: null } });
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, values: { status: "unclear", sentNumber: null } });
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, values: { status: "draft", sentNumber: null } });
    await addStoredDocument(db, { clientId: clientA, issueDate: "2026-11-28", total: 10, documentType: "proforma", values: { status: "refused", sentNumber: null } });

    // EUR, apart: t current; u issued in December last year, 50 paid this month, 200 left, 351 days overdue.
    ids.t = await addStoredDocument(db, { clientId: clientA, issueDate: "2026-12-01", total: 150, currency: "EUR" });
    ids.u = await addStoredDocument(db, { clientId: clientB, issueDate: "2025-12-05", total: 250, currency: "EUR" });
    await addStoredPayment(db, ids.u, 50, "2026-12-01");
    // GBP: issued before the 13 months shown and paid: nothing to show, so no GBP figures.
    await addStoredDocument(db, { clientId: clientA, issueDate: "2025-11-05", total: 70, currency: "GBP", values: { paymentTotal: 70, paymentPaid: 70, paymentCheckedAt: "2025-11-06T10:00:00.000Z" } });

    // Another company's invoices never show.
    const other = await addTenant(t, "Altă Firmă Acasă SRL");
    const otherClient = await addCustomer(t, other, "RO40000006");
    const theirs = await addStoredDocument(db, { tenantId: other, clientId: otherClient, issueDate: "2026-12-01", total: 5000 });
    await addStoredPayment(db, theirs, 1000, "2026-12-01");
    await addStoredDocument(db, { tenantId: other, clientId: otherClient, issueDate: "2026-11-01", total: 3000, currency: "USD" });
  });
  afterAll(() => t.close());

  const home = async (session = invoicing) => {
    const response = await t.api("GET", "/api/home", { session });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<HomeFigures>();
  };
  const bucket = (amount: number, count: number) => ({ amount, count });

  it("answers every figure of the fixture, computed by hand, with 1 December as today in Romania", async () => {
    clock = LAST_EVENING_OF_NOVEMBER;
    const figures = await home();
    expect(figures.today).toBe("2026-12-01");
    expect(figures.currencies.map((one) => one.currency)).toEqual(["RON", "EUR"]);
    const [ron, eur] = figures.currencies;
    expect(ron).toEqual({
      currency: "RON",
      // December: the storno m (−300) and n (250); j is cancelled.
      invoicedThisMonth: -50,
      // November: g 700 + h 50 + i 80 + v 20 + l 300 (reversed in December, still counted here); k deleted.
      invoicedLastMonth: 1150,
      invoicedSameMonthLastYear: 0,
      receivedThisMonth: 40,
      unpaid: 3030,
      unpaidCount: 9,
      overdue: 2060,
      overdueCount: 6,
      buckets: {
        current: bucket(970, 3), // g 700, n 250, v 20
        "1-30": bucket(60, 1), // a (30 days)
        "31-60": bucket(500, 2), // b (31), c (60)
        "61-90": bucket(900, 2), // d (61), e (90)
        "90+": bucket(600, 1), // f (91)
      },
      months: months2026({ "2026-08": [1100, 0], "2026-09": [700, 0], "2026-10": [300, 0], "2026-11": [1150, 50], "2026-12": [-50, 40] }),
      topDebtors: [
        { clientId: clientC, clientName: "Client RO30000000 SRL", unpaid: 1350, overdue: 400, count: 3 },
        { clientId: clientA, clientName: "Client RO10000008 SRL", unpaid: 960, overdue: 960, count: 3 },
        { clientId: clientB, clientName: "Client RO20000004 SRL", unpaid: 700, overdue: 700, count: 2 },
        { clientId: null, clientName: homeMessages.unknownClient, unpaid: 20, overdue: 0, count: 1 },
      ],
    } satisfies CurrencyFigures);
    expect(eur).toEqual({
      currency: "EUR",
      invoicedThisMonth: 150,
      invoicedLastMonth: 0,
      invoicedSameMonthLastYear: 250,
      receivedThisMonth: 50,
      unpaid: 350,
      unpaidCount: 2,
      overdue: 200,
      overdueCount: 1,
      buckets: { current: bucket(150, 1), "1-30": bucket(0, 0), "31-60": bucket(0, 0), "61-90": bucket(0, 0), "90+": bucket(200, 1) },
      months: months2026({ "2026-12": [150, 50] }),
      topDebtors: [
        { clientId: clientB, clientName: "Client RO20000004 SRL", unpaid: 200, overdue: 200, count: 1 },
        { clientId: clientA, clientName: "Client RO10000008 SRL", unpaid: 150, overdue: 0, count: 1 },
      ],
    } satisfies CurrencyFigures);
    expect(figures.proformasNotInvoiced).toEqual({ count: 1 });
    expect(figures.unsentInvoices).toEqual({ count: 2 });
  });

  it("is still 30 November in Romania an hour earlier: November is this month, and every invoice is a day less overdue", async () => {
    clock = STILL_NOVEMBER;
    try {
      const figures = await home();
      expect(figures.today).toBe("2026-11-30");
      const ron = figures.currencies[0];
      expect(ron).toMatchObject({ invoicedThisMonth: 1150, invoicedLastMonth: 300, receivedThisMonth: 50 });
      expect(ron.months.map((one) => one.month)).toEqual(Array.from({ length: 12 }, (_, i) => (i === 0 ? "2025-12" : `2026-${String(i).padStart(2, "0")}`)));
      // a 29 and b 30 days (1-30), c 59 and d 60 (31-60), e 89 and f 90 (61-90); g is due tomorrow.
      expect(ron.buckets).toEqual({ current: bucket(970, 3), "1-30": bucket(260, 2), "31-60": bucket(700, 2), "61-90": bucket(1100, 2), "90+": bucket(0, 0) });
      expect(ron).toMatchObject({ overdue: 2060, overdueCount: 6 });
      // December 2025 (u) is in the chart now, as the oldest month; November 2025 had nothing in EUR.
      expect(figures.currencies[1]).toMatchObject({ currency: "EUR", invoicedThisMonth: 0, invoicedSameMonthLastYear: 0, receivedThisMonth: 0 });
      expect(figures.currencies[1].months[0]).toEqual({ month: "2025-12", invoiced: 250, received: 0 });
    } finally {
      clock = LAST_EVENING_OF_NOVEMBER;
    }
  });

  it("names at most ten debtors, most owed first (the same amount: by client id)", async () => {
    const added: number[] = [];
    try {
      for (let i = 1; i <= 12; i++) {
        const clientId = await addCustomer(t, DEMO_TENANT, `RO5000${String(i).padStart(4, "0")}`);
        // 11 and 12 owe the same as 10: the first client id of the three is kept.
        added.push(await addStoredDocument(t.db, { clientId, issueDate: "2026-11-20", total: Math.min(i, 10) * 10, currency: "CHF" }));
      }
      const chf = (await home()).currencies.find((one) => one.currency === "CHF")!;
      expect(chf.topDebtors.map((one) => one.unpaid)).toEqual([100, 100, 100, 90, 80, 70, 60, 50, 40, 30]);
      const first = chf.topDebtors.slice(0, 3).map((one) => one.clientId!);
      expect(first).toEqual([...first].sort((a, b) => a - b));
      expect(chf).toMatchObject({ unpaid: 750, unpaidCount: 12 });
    } finally {
      await t.db.deleteFrom("invoices").where("id", "in", added).execute();
    }
  });

  it("is for the invoicing role and the super-admin, not a company's admin; each sees only its own company", async () => {
    expect((await t.api("GET", "/api/home", { session: admin })).statusCode).toBe(403);
    const figures = await home(superadmin);
    // The super-admin's own (system) company has no invoices.
    expect(figures).toEqual({ today: "2026-12-01", currencies: [], proformasNotInvoiced: { count: 0 }, unsentInvoices: { count: 0 } });
    const asDemo = await t.api("GET", "/api/home", { session: superadmin, tenantId: DEMO_TENANT });
    expect(asDemo.statusCode, asDemo.body).toBe(200);
    expect(asDemo.json<HomeFigures>().currencies.map((one) => one.unpaid)).toEqual([3030, 350]);
  });
});
