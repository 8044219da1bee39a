/**
 * npm run bench:anaf — how long the customer import's 'Verifică la ANAF' takes a clerk on a file
 * of 5,000 customers. Starts `npm start` on a throwaway SQLite (demo mode: ANAF is the server's own
 * emulator, which answers at once, so the time is the fleet's pacing: 100 CUIs a request, one
 * request a second), signs in as the invoicing user, sends a workbook of BENCH_ANAF_ROWS (5,000)
 * customers with distinct valid CUIs to the check, follows its progress as the screen does, and
 * prints the time to the findings, ANAF's requests and their spacing, then the target met or not
 * (≈ 50 requests, under a minute). Always exits 0: a measurement.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { validCui } from "../contract/cif";
import { CUSTOMER_HEADERS } from "../contract/customerHeaders";
import { API_PATHS } from "../contract/paths";
import { freePort } from "./freePort";
import { signedInApi } from "./seedInvoices";
import { startServer, stopServer } from "./startedServer";

const ROWS = Number(process.env.BENCH_ANAF_ROWS ?? 5_000);
const TARGET_MS = 60_000;

/** `count` distinct CUIs with a valid control digit, from `start` on. */
function validCuis(start: number, count: number): string[] {
  const cuis: string[] = [];
  for (let n = start; cuis.length < count; n++) if (validCui(String(n))) cuis.push(String(n));
  return cuis;
}

async function customersWorkbook(count: number): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Clienti");
  sheet.addRow(Object.values(CUSTOMER_HEADERS));
  validCuis(30_000_000, count).forEach((cui, i) =>
    sheet.addRow([`Client ${i + 1} SRL`, `RO${cui}`, "", `B${i + 1}`, `Str. Lungă ${i + 1}`, "Cluj-Napoca", "Cluj", "", "", "Romania", "", "", ""]),
  );
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

interface CheckAnswer {
  status: string;
  total: number;
  processed: number;
  findings?: unknown[];
  errorText?: string | null;
}

const dir = mkdtempSync(join(tmpdir(), "bench-anaf-"));
const { url, server } = await startServer(`sqlite:${join(dir, "app.db")}`, await freePort());
try {
  const api = await signedInApi(url, "facturare@demo.ro", "demo1234");
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(await customersWorkbook(ROWS))]), "clienti.xlsx");
  const began = Date.now();
  const { taskId, total } = await api<{ taskId: number; total: number }>(API_PATHS.customerImportAnafCheck, { method: "POST", body: form });
  console.log(`${ROWS} customers, ${total} CUIs to check (task #${taskId})`);
  let answer: CheckAnswer;
  let shown = -1;
  for (;;) {
    answer = await api<CheckAnswer>(`${API_PATHS.customerImportAnafCheck}/${taskId}`);
    const tenth = Math.floor((10 * answer.processed) / Math.max(1, answer.total));
    if (tenth !== shown) {
      shown = tenth;
      console.log(`  ${((Date.now() - began) / 1000).toFixed(1).padStart(5)} s: ${answer.processed} of ${answer.total}`);
    }
    if (answer.status !== "queued" && answer.status !== "running") break;
    await new Promise((resolve) => setTimeout(resolve, 500)); // the screen's polling
  }
  const elapsed = Date.now() - began;
  const { requests: log } = (await (await fetch(`${url}/anaf-emulator/__emulator/requests`)).json()) as { requests: { at: number; cuiCount: number }[] };
  const gaps = log.slice(1).map((entry, i) => entry.at - log[i].at);
  console.log(`status ${answer.status}${answer.errorText ? ` (${answer.errorText})` : ""}, ${answer.findings?.length ?? 0} rows with findings`);
  console.log(`ANAF: ${log.length} requests, at most ${Math.max(...log.map((entry) => entry.cuiCount))} CUIs each, ${Math.min(...gaps)}–${Math.max(...gaps)} ms apart`);
  console.log(`from sending the file to the findings: ${(elapsed / 1000).toFixed(1)} s`);
  console.log(`target (≤ ${TARGET_MS / 1000} s for ${ROWS} customers): ${answer.status === "done" && elapsed <= TARGET_MS ? "met" : "not met"}`);
} finally {
  await stopServer(server);
  rmSync(dir, { recursive: true, force: true });
}
