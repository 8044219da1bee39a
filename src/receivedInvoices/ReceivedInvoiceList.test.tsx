/**
 * 'Facturi primite' against the live server: the supplier invoices SPV sent, as the sync stores
 * them (written into the server's database: the sync itself runs against ANAF), shown with
 * Romanian dates and amounts, newest received first; a filter; the empty list's sentence; and
 * one invoice's page with its signed ZIP downloaded as archived and ANAF's PDF of it (the live
 * server's own e-Factura emulator is its `transformare`). And the same buttons for an
 * invoice the company sent and SPV validated (EfacturaDownloads).
 */
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { Kysely } from "kysely";
import { createDatabase } from "../../server/db/connection";
import type { Database } from "../../server/db/database";
import { captureDownloads } from "../../test/helpers/downloads";
import { type LiveServer, signInLive, startLiveServer, usePageOrigin } from "../../test/helpers/liveServer";
import { addReceivedInvoice, addSpvMessage, spvZip, ublInvoice } from "../../test/helpers/receivedInvoices";
import { addStoredDocument } from "../../test/helpers/storedInvoices";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { EfacturaDownloads } from "../invoices/EfacturaDownloads";
import { ReceivedInvoiceList } from "./ReceivedInvoiceList";
import { ReceivedInvoiceShow } from "./ReceivedInvoiceShow";

// Lists read from the live server on a machine shared with other runs: a patient wait (it ends as soon as the rows are there).
configure({ asyncUtilTimeout: 15_000 });

let server: LiveServer;
let db: Kysely<Database>;
let tenantId: number;
let alfa: { id: number; zip: Buffer };

beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
  db = createDatabase(server.databaseUrl);
  tenantId = (await db.selectFrom("users").select("tenantId").where("email", "=", "facturare@demo.ro").executeTakeFirstOrThrow()).tenantId;
  await signInLive("facturare@demo.ro");
}, 90_000);
afterAll(async () => {
  await db?.destroy();
  await server?.close();
}, 30_000);
beforeEach(() => signInLive("facturare@demo.ro"));

const rowTexts = () =>
  screen
    .getAllByRole("row")
    .slice(1)
    .map((row) => within(row).getAllByRole("cell").map((cell) => cell.textContent));
const headerTexts = () => within(screen.getAllByRole("row")[0]).getAllByRole("columnheader").map((cell) => cell.textContent);

describe("'Facturi primite'", () => {
  it("says what the list will hold while SPV has sent nothing", async () => {
    renderWithAdmin(<ReceivedInvoiceList />, { path: "/receivedInvoices" });
    expect(await screen.findByRole("heading", { level: 1, name: "Facturi primite" })).toBeInTheDocument();
    const empty = await screen.findByTestId("list-empty");
    expect(empty).toHaveTextContent("Nicio factură primită încă.");
    expect(empty).toHaveTextContent("Facturile trimise de furnizori apar aici după ce firma este conectată la ANAF (SPV).");
  });

  it("lists the supplier invoices newest received first, with Romanian dates and amounts, and filters them", async () => {
    alfa = await addReceivedInvoice(db, {
      tenantId, messageId: "3001000001", createdAt: "2026-11-03T08:00:00.000Z",
      number: "FA-0001", issueDate: "2026-11-02", dueDate: "2026-12-02", supplierName: "Furnizor Alfa SRL", supplierCif: "RO10000008", total: 1234.56, currency: "RON",
    });
    await addReceivedInvoice(db, {
      tenantId, messageId: "3001000002", createdAt: "2026-11-11T22:30:00.000Z",
      number: "B 17", issueDate: "2026-11-10", dueDate: null, supplierName: "Beta Distribuție SA", supplierCif: "20000004", total: 25000, currency: "EUR",
    });
    renderWithAdmin(<ReceivedInvoiceList />, { path: "/receivedInvoices" });
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(3));
    expect(headerTexts()).toEqual(["Furnizor", "CIF", "Număr", "Data", "Scadența", "Total", "Primită la"]);
    expect(rowTexts()).toEqual([
      // Received at 22:30 UTC on 11 November: 00:30 on the 12th in Romania.
      ["Beta Distribuție SA", "20000004", "B 17", "10.11.2026", "—", "25.000,00 EUR", "12.11.2026, 00:30"],
      ["Furnizor Alfa SRL", "RO10000008", "FA-0001", "02.11.2026", "02.12.2026", "1.234,56 RON", "03.11.2026, 10:00"],
    ]);
    // Read-only: nothing to add, select or delete.
    expect(screen.queryByRole("link", { name: /Adaugă/ })).toBeNull();
    expect(screen.queryByRole("checkbox")).toBeNull();
    expect(screen.getByRole("button", { name: "Export CSV" })).toBeInTheDocument();

    await userEvent.type(screen.getByPlaceholderText("Caută (furnizor, CIF, număr)"), "alfa");
    await waitFor(() => expect(screen.getAllByRole("row")).toHaveLength(2));
    expect(rowTexts()[0][0]).toBe("Furnizor Alfa SRL");
  });

  it("shows one invoice with its details, and downloads its signed ZIP as archived", async () => {
    renderWithAdmin(<ReceivedInvoiceShow />, { path: `/receivedInvoices/${alfa.id}/show`, route: "/receivedInvoices/:id/show" });
    expect(await screen.findByText("Factura FA-0001 de la Furnizor Alfa SRL")).toBeInTheDocument();
    expect(screen.getByText("1.234,56 RON")).toBeInTheDocument();
    expect(screen.getByText("02.12.2026")).toBeInTheDocument();
    expect(screen.getByText("3001000001")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Descarcă PDF (ANAF)" })).toBeEnabled();
    const downloads = captureDownloads();
    try {
      const zip = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Descarcă ZIP semnat" })));
      expect(zip.filename).toBe("efactura-FA-0001.zip");
      expect(Buffer.compare(Buffer.from(await zip.blob.arrayBuffer()), alfa.zip)).toBe(0);
      // ANAF's rendering, from the live server's own e-Factura emulator.
      const pdf = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Descarcă PDF (ANAF)" })));
      expect(pdf.filename).toBe("efactura-FA-0001.pdf");
      expect(new TextDecoder().decode((await pdf.blob.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
    } finally {
      downloads.restore();
    }
  });
});

describe("an invoice's archived e-Factura", () => {
  it("downloads the signed ZIP SPV gave for the invoice, and says why when there is none", async () => {
    const invoiceId = await addStoredDocument(db, { tenantId, clientId: null, issueDate: "2026-11-05", total: 500, seriesName: "SBL" });
    const invoice = await db.selectFrom("invoices").select(["id", "sentSeries", "sentNumber"]).where("id", "=", invoiceId).executeTakeFirstOrThrow();
    const number = `${invoice.sentSeries}${invoice.sentNumber}`;
    const zip = await spvZip("3001000010", ublInvoice({ number, issueDate: "2026-11-05", supplierName: "Demo SRL", supplierCif: "RO12345678", total: 500, currency: "RON" }));
    const messageId = await addSpvMessage(db, { tenantId, messageId: "3001000010", type: "FACTURA TRIMISA", createdAt: "2026-11-05T12:00:00.000Z", zip, number, invoiceId });
    await db.updateTable("invoices").set({ efacturaStatus: "validated", efacturaMessageId: messageId }).where("id", "=", invoiceId).execute();

    const downloads = captureDownloads();
    try {
      const view = renderWithAdmin(<EfacturaDownloads invoice={invoice} />);
      const saved = await downloads.savedBy(() => userEvent.click(view.getByRole("button", { name: "Descarcă ZIP semnat" })));
      expect(saved.filename).toBe(`efactura-${number}.zip`);
      expect(Buffer.compare(Buffer.from(await saved.blob.arrayBuffer()), zip)).toBe(0);
      const pdf = await downloads.savedBy(() => userEvent.click(view.getByRole("button", { name: "Descarcă PDF (ANAF)" })));
      expect(pdf.filename).toBe(`efactura-${number}.pdf`);
      expect(new TextDecoder().decode((await pdf.blob.arrayBuffer()).slice(0, 5))).toBe("%PDF-");
      view.unmount();
    } finally {
      downloads.restore();
    }

    const unarchived = await addStoredDocument(db, { tenantId, clientId: null, issueDate: "2026-11-06", total: 70 });
    const none = await db.selectFrom("invoices").select(["id", "sentSeries", "sentNumber"]).where("id", "=", unarchived).executeTakeFirstOrThrow();
    renderWithAdmin(<EfacturaDownloads invoice={none} />);
    await userEvent.click(screen.getByRole("button", { name: "Descarcă ZIP semnat" }));
    expect(await screen.findByRole("alert")).toHaveTextContent("Descărcarea nu a reușit: Factura nu are încă o arhivă e-Factura (ZIP-ul semnat de ANAF).");
  });
});
