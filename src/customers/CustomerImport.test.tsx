import { readFileSync } from "node:fs";
import { createServer, request, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { configure, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { captureDownloads } from "../../test/helpers/downloads";
import { rowsOf } from "../../test/helpers/excelFiles";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { CustomerImport } from "./CustomerImport";

const FIXTURES = "test/fixtures/customers";
const fixture = (name: string, type = "") => new File([readFileSync(`${FIXTURES}/${name}`)], name, { type });

// The server answers in milliseconds, but a busy machine renders slowly.
configure({ asyncUtilTimeout: 5_000 });

let server: LiveServer;
beforeAll(async () => {
  server = await startLiveServer();
  usePageOrigin(server.url);
});
afterAll(() => server.close());

/** The import screen for the invoicing user; `user` picks files as the file dialog would. */
async function openImport(email = "facturare@demo.ro") {
  await signInLive(email);
  // The file dialog's "All files" choice lets a user pick any file whatever `accept` says.
  const user = userEvent.setup({ applyAccept: false });
  renderWithAdmin(<CustomerImport />, { path: "/customers/import" });
  await screen.findByRole("heading", { level: 1, name: "Import Clienți" });
  return {
    user,
    choose: (file: File) => user.upload(screen.getByTestId("customer-file"), file),
    check: () => user.click(screen.getByRole("button", { name: "Verifică fișierul" })),
  };
}

const cellsOf = (row: HTMLElement) => within(row).getAllByRole("cell").map((cell) => cell.textContent);
const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);

describe("the customer import screen", () => {
  it("explains itself, offers the template and asks for a file before sending anything", async () => {
    const { check } = await openImport();
    expect(
      screen.getByText(
        "Încărcați un fișier Excel (.xlsx sau .xls) cu clienții. Fișierul este verificat întâi; nimic nu se salvează până nu confirmați.",
      ),
    ).toBeInTheDocument();
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("Niciun fișier ales");
    expect(screen.getByRole("button", { name: "Alege fișierul" })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Descarcă modelul Excel" })).toBeInTheDocument();

    await check();
    expect(await screen.findByRole("alert")).toHaveTextContent("Te rugăm să selectezi un fișier înainte de a-l încărca.");
    expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();
    expect(screen.queryByTestId("dry-run-counters")).toBeNull();
  });

  it("downloads the template workbook with the Romanian column headers", async () => {
    await openImport();
    const downloads = captureDownloads();
    try {
      const file = await downloads.savedBy(() => userEvent.click(screen.getByRole("button", { name: "Descarcă modelul Excel" })));
      expect(file.filename).toBe("model-import-clienti.xlsx");
      const [header] = await rowsOf(Buffer.from(await file.blob.arrayBuffer()));
      expect(header).toEqual(expect.arrayContaining(["Denumire client", "CIF", "Cod client", "IBAN", "Telefon"]));
      expect(header).toHaveLength(13);
    } finally {
      downloads.restore();
    }
  });

  it("refuses a file that is not .xlsx or .xls before sending it", async () => {
    const { choose, check } = await openImport();
    await choose(new File(["Denumire client;CIF\nAlfa;RO1\n"], "clienti.csv", { type: "text/csv" }));
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("clienti.csv");
    await check();
    expect(await screen.findByRole("alert")).toHaveTextContent("Sunt acceptate doar fișiere Excel (.xlsx sau .xls).");
    expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();
  });

  it("checks a LibreOffice workbook, shows the rows as stored and the rejected rows, then imports on confirmation", async () => {
    const { user, choose, check } = await openImport();
    await choose(fixture("ro-title.xlsx"));
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("ro-title.xlsx");
    await check();

    expect(await screen.findByTestId("dry-run-counters")).toHaveTextContent(
      "3 clienți noi · 0 clienți de actualizat · 4 rânduri cu erori",
    );
    const preview = screen.getByRole("table", { name: "Previzualizare: primele rânduri, așa cum vor fi salvate" });
    expect(within(preview).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual([
      "Acțiune",
      "Denumire client",
      "CIF",
      "Nr. Reg. Com.",
      "Cod client",
      "Adresa",
      "Localitate",
      "Județ",
      "Banca",
      "IBAN",
      "Țara",
      "Email",
      "Persoana contact",
      "Telefon",
    ]);
    const previewRows = bodyRows(preview);
    expect(previewRows).toHaveLength(3);
    // As stored: diacritics kept, CIF and phone as text, the empty country defaulted.
    expect(cellsOf(previewRows[0])).toEqual([
      "nou",
      "Șervețele Ţesute SRL",
      "RO18547290",
      "J40/1234/2020",
      "C001",
      "Str. Păcii 1",
      "București",
      "București",
      "BT",
      "RO49AAAA1B31007593840000",
      "Romania",
      "office@servetele.ro",
      "Ștefan Ăla",
      "0722123456",
    ]);
    expect(previewRows.map((row) => cellsOf(row)[4])).toEqual(["C001", "C002", "C006"]);

    const rejected = screen.getByRole("table", { name: "Rânduri respinse (4)" });
    expect(within(rejected).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Rând", "Cod client", "Motiv"]);
    const rejectedRows = bodyRows(rejected).map(cellsOf);
    expect(rejectedRows.map(([row, code]) => [row, code])).toEqual([
      ["5", "C003"],
      ["6", "C004"],
      ["7", "C005"],
      ["8", "C001"],
    ]);
    expect(rejectedRows[0][2]).toMatch(/^CIF invalid/);
    expect(rejectedRows[1][2]).toMatch(/^IBAN invalid/);
    expect(rejectedRows[2][2]).toContain("email invalidă");
    expect(rejectedRows[3][2]).toContain("apare de mai multe ori");

    // The error report is the rejected rows as a workbook.
    const downloads = captureDownloads();
    try {
      const report = await downloads.savedBy(() =>
        user.click(screen.getByRole("button", { name: "Descarcă raportul de erori (.xlsx)" })),
      );
      expect(report.filename).toBe("clienti-erori.xlsx");
      const reportText = JSON.stringify(await rowsOf(Buffer.from(await report.blob.arrayBuffer())));
      for (const code of ["C003", "C004", "C005"]) expect(reportText).toContain(code);
    } finally {
      downloads.restore();
    }

    await user.click(screen.getByRole("button", { name: "Confirmă importul" }));
    const summary = await screen.findByRole("status", { name: "Import finalizat" });
    expect(within(summary).getByText("Import finalizat: 3 clienți noi, 0 actualizați, 4 rânduri respinse.")).toBeInTheDocument();
    expect(screen.getByTestId("summary-newItems")).toHaveTextContent("3");
    expect(screen.getByTestId("summary-updatedItems")).toHaveTextContent("0");
    expect(screen.getByTestId("summary-errorItems")).toHaveTextContent("4");
    for (const label of ["Clienți noi", "Clienți actualizați", "Rânduri cu erori"]) {
      expect(within(summary).getByText(label)).toBeInTheDocument();
    }
    // The form gave way to the summary.
    expect(screen.queryByRole("button", { name: "Verifică fișierul" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();
    expect(within(summary).getByRole("link", { name: "Lista Clienți" })).toHaveAttribute("href", "/customers");

    // 'Import nou' brings the empty form back; the same file now updates what it added.
    await user.click(within(summary).getByRole("button", { name: "Import nou" }));
    expect(screen.getByTestId("chosen-file")).toHaveTextContent("Niciun fișier ales");
    await choose(fixture("ro-title.xlsx"));
    await check();
    expect(await screen.findByTestId("dry-run-counters")).toHaveTextContent(
      "0 clienți noi · 3 clienți de actualizat · 4 rânduri cu erori",
    );
    const again = screen.getByRole("table", { name: "Previzualizare: primele rânduri, așa cum vor fi salvate" });
    expect(bodyRows(again).map((row) => cellsOf(row)[0])).toEqual(["actualizare", "actualizare", "actualizare"]);
  });

  it("accepts a legacy .xls workbook with English headers in another order", async () => {
    const { choose, check } = await openImport();
    await choose(fixture("en-order.xls", "application/vnd.ms-excel"));
    await check();
    expect(await screen.findByTestId("dry-run-counters")).toHaveTextContent(
      "2 clienți noi · 0 clienți de actualizat · 0 rânduri cu erori",
    );
    const preview = screen.getByRole("table", { name: "Previzualizare: primele rânduri, așa cum vor fi salvate" });
    const [first] = bodyRows(preview);
    expect(cellsOf(first).slice(0, 5)).toEqual(["nou", "English Order Ltd", "18547290", "J40/9/2020", "E001"]);
    expect(screen.queryByRole("table", { name: /Rânduri respinse/ })).toBeNull();
    expect(screen.getByRole("button", { name: "Confirmă importul" })).toBeInTheDocument();
  });

  it("warns, beside the counters, of the columns past the format's that were ignored", async () => {
    const { choose, check } = await openImport();
    await choose(fixture("far-column.xlsx"));
    await check();
    await screen.findByTestId("dry-run-counters");
    expect(screen.getByTestId("ignored-columns")).toHaveTextContent(
      "Coloanele BM și XFD au fost ignorate: se citesc doar coloanele A–BL.",
    );
  });

  it("shows the server's reason for refusing a file, and drops an earlier check's preview", async () => {
    const { choose, check } = await openImport();
    await choose(fixture("en-order.xlsx"));
    await check();
    expect(await screen.findByRole("button", { name: "Confirmă importul" })).toBeInTheDocument();

    await choose(fixture("renamed-text.xlsx")); // text with an .xlsx name
    expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();
    await check();
    expect(await screen.findByRole("alert")).toHaveTextContent("Fișierul nu este un document Excel valid (.xlsx sau .xls).");
    expect(screen.queryByTestId("dry-run-counters")).toBeNull();
    expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();

    await choose(fixture("missing-columns.xlsx"));
    await check();
    await waitFor(() => expect(screen.getByRole("alert")).toHaveTextContent(/^Lipsesc coloanele obligatorii: .*CIF.*IBAN/));
    expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();
  });

  it("falls back to its own sentence when the answer carries no message (a gateway's error page)", async () => {
    const gateway = await startGateway(server.url, (path) => path.startsWith("/api/smartbill/customer/import"));
    usePageOrigin(gateway.url);
    try {
      const { choose, check } = await openImport();
      await choose(fixture("en-order.xlsx"));
      await check();
      expect(await screen.findByRole("alert")).toHaveTextContent("A apărut o eroare în timpul încărcării fișierului.");
      expect(screen.queryByRole("button", { name: "Confirmă importul" })).toBeNull();
    } finally {
      usePageOrigin(server.url);
      await gateway.close();
    }
  });

  it("is not there for a user without the invoicing role", async () => {
    await signInLive("admin@demo.ro");
    renderWithAdmin(<CustomerImport />, { path: "/customers/import" });
    expect(await screen.findByText("Pagină Inexistentă")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Verifică fișierul" })).toBeNull();
  });
});

/**
 * A reverse proxy in front of the live server that answers the requests `fails` picks with a
 * 502 HTML page, as a real gateway does when the app behind it is down.
 */
async function startGateway(target: string, fails: (path: string) => boolean): Promise<{ url: string; close(): Promise<void> }> {
  const gateway: Server = createServer((incoming, answer) => {
    if (fails(incoming.url ?? "")) {
      incoming.resume();
      incoming.on("end", () => {
        answer.writeHead(502, { "content-type": "text/html" });
        answer.end("<html><body><h1>502 Bad Gateway</h1></body></html>");
      });
      return;
    }
    const upstream = request(`${target}${incoming.url}`, { method: incoming.method, headers: incoming.headers }, (reply) => {
      answer.writeHead(reply.statusCode ?? 502, reply.headers);
      reply.pipe(answer);
    });
    upstream.on("error", () => answer.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  const { port } = gateway.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => gateway.close(() => resolve())),
  };
}
