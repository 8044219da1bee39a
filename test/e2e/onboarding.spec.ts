/**
 * A new company's first day, from nothing to its first paid invoice, through the screens alone:
 * no API call in the test and nothing known from the source, only what the screens show (the
 * emulator's SmartBill account included). The super-admin creates the company and its admin; the
 * admin sets a password from the link, connects SmartBill (a wrong token first), picks a warehouse
 * from SmartBill's list and adds an invoicing user; that user imports customers, stock and an
 * invoice, edits a line, issues it, and records its payment; the super-admin then sees the invoice
 * only while acting in the new company.
 */
import { expect, type Page, test } from "@playwright/test";
import { DEMO, signIn, signInAndWaitForHome, signOut } from "./helpers";

const TENANT = "Firma Nouă SRL";
const ADMIN = "admin@firma-noua.ro";
const CLERK = "facturare@firma-noua.ro";

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

/** Utilizatori › 'Adaugă utilizator' for `email` of the new company, with its role; answers the set-password link the screen shows. */
async function addUser(page: Page, email: string, role: string): Promise<string> {
  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Adaugă utilizator" }).first().click();
  const add = page.getByRole("dialog", { name: "Adaugă utilizator" });
  await add.getByLabel("Email").fill(email);
  await add.getByRole("combobox", { name: "Firmă" }).click();
  await page.getByRole("option", { name: TENANT }).click();
  await add.getByRole("checkbox", { name: role }).check();
  await add.getByRole("button", { name: "Salvează" }).click();
  const linkDialog = page.getByRole("dialog", { name: "Link pentru parolă" });
  const link = await linkDialog.getByRole("textbox").inputValue();
  await linkDialog.getByRole("button", { name: "Închide" }).click();
  await expect(row(page, email)).toContainText(role);
  return link;
}

/** The set-password page of a link, then signing in with that password. */
async function setPasswordAndSignIn(page: Page, link: string, email: string, password: string) {
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Setează parola" })).toBeVisible();
  await page.getByLabel("Parola nouă").fill(password);
  await page.getByLabel("Confirmă parola").fill(password);
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page).toHaveURL(/\/login\?email=/);
  await signIn(page, email, password);
  await expect(page.getByRole("heading", { level: 1, name: "Bun venit!" })).toBeVisible();
}

async function chooseTenant(page: Page, name: RegExp) {
  await page.getByTestId("acting-tenant").click();
  const dialog = page.getByRole("dialog", { name: "Alegeți firma" });
  await dialog.getByRole("button", { name }).click();
  await expect(dialog).toBeHidden();
}

test("a new company goes from nothing to its first paid invoice through the screens alone", async ({ page }) => {
  test.setTimeout(180_000);

  // The super-admin: the tenant and its first admin.
  await signInAndWaitForHome(page, DEMO.superadmin);
  await page.goto("/admin/tenants");
  await page.getByRole("button", { name: "Adaugă firmă" }).first().click();
  const tenantDialog = page.getByRole("dialog", { name: "Adaugă firmă" });
  await tenantDialog.getByLabel("Nume").fill(TENANT);
  await tenantDialog.getByRole("button", { name: "Salvează" }).click();
  await expect(row(page, TENANT)).toBeVisible();
  const adminLink = await addUser(page, ADMIN, "Administrator firmă");
  await signOut(page);

  // The admin: first steps, then the SmartBill connection, a wrong token first.
  await setPasswordAndSignIn(page, adminLink, ADMIN, "parola-admin-1");
  await expect(page.getByRole("heading", { name: "Primii pași" })).toBeVisible();
  await page.getByRole("link", { name: "Conectați firma la SmartBill" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Conexiune SmartBill" })).toBeVisible();
  // Demo mode: the screen names the emulator's one account (e-mail, token, CIF, address), the
  // only place the test learns it from; a wrong token typed by hand first.
  const account = page.getByTestId("emulator-account");
  const [username, token, cif, url] = await account.locator("dd").allTextContents();
  expect([username, token, cif, url].every(Boolean)).toBe(true);
  await page.getByLabel("Email cont SmartBill").fill(username);
  await page.getByLabel("Token API").fill("token-gresit");
  await page.getByLabel("CIF firmă").fill(cif);
  await page.getByLabel("Adresa API SmartBill").fill(url);
  await page.getByRole("button", { name: "Testează conexiunea" }).click();
  const outcome = page.getByTestId("connection-test-outcome");
  await expect(outcome).toContainText("SmartBill nu a confirmat conexiunea: Autentificare esuata.");

  // 'Folosește emulatorul' fills in the whole account, the token too.
  await account.getByRole("button", { name: "Folosește emulatorul" }).click();
  await expect(page.getByLabel("Email cont SmartBill")).toHaveValue(username);
  await expect(page.getByLabel("Token API")).toHaveValue(token);
  await expect(page.getByLabel("CIF firmă")).toHaveValue(cif);
  await expect(page.getByLabel("Adresa API SmartBill")).toHaveValue(url);
  await page.getByRole("button", { name: "Testează conexiunea" }).click();
  await expect(outcome).toContainText("SmartBill a confirmat conexiunea.");
  await expect(outcome).toContainText("Normala 21%");
  await expect(outcome).toContainText("SBL (următorul număr:");
  await page.getByRole("button", { name: "Salvează", exact: true }).click();
  await expect(outcome).toContainText("SmartBill a confirmat conexiunea, iar datele au fost salvate.");

  // A warehouse named as in SmartBill, then the invoicing user.
  await page.goto("/profile");
  await page.getByRole("link", { name: "Adăugați un depozit, cu numele lui din SmartBill" }).click();
  const warehouseForm = page.getByRole("region", { name: "Adaugă depozit" });
  await warehouseForm.getByRole("button", { name: "Adaugă" }).click();
  await expect(warehouseForm.getByText("Completați numele și tipul depozitului.")).toBeVisible(); // a wrong input first
  // SmartBill's own warehouses are offered; picking one sets its type too.
  await warehouseForm.getByRole("combobox", { name: "Nume" }).click();
  await page.getByRole("option", { name: "Depozit Central" }).click();
  await expect(warehouseForm.getByRole("combobox", { name: "Tip" })).toContainText("en gros");
  await warehouseForm.getByRole("button", { name: "Adaugă" }).click();
  await expect(row(page, "Depozit Central")).toContainText("en gros");
  const clerkLink = await addUser(page, CLERK, "Operator facturare");
  await page.goto("/profile");
  const steps = page.getByRole("region", { name: "Primii pași" });
  await expect(steps).toBeVisible();
  await expect(steps.getByText("De făcut")).toHaveCount(1); // only the customers are left
  await signOut(page);

  // The invoicing user: customers, stock, an invoice, sent.
  await setPasswordAndSignIn(page, clerkLink, CLERK, "parola-factura-1");
  await page.getByRole("menuitem", { name: "Import clienți" }).click();
  await page.getByTestId("customer-file").setInputFiles("test/fixtures/customers/ro-title.xlsx");
  await page.getByRole("button", { name: "Verifică fișierul" }).click();
  await page.getByRole("button", { name: "Confirmă importul" }).click();
  await expect(page.getByTestId("summary-newItems")).toHaveText("3");

  await page.getByRole("menuitem", { name: "Import stoc" }).click();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Depozit Central" }).click();
  await page.getByRole("button", { name: "Import Stoc" }).click();
  await page.getByRole("link", { name: "Vezi lista de sarcini" }).click();
  await expect(page.getByRole("row").nth(1).getByTestId("task-status")).toHaveText("Finalizată", { timeout: 20_000 });

  await page.getByRole("menuitem", { name: "Import factură" }).click();
  await page.getByRole("combobox", { name: "Client" }).fill("alfa constr");
  await page.getByRole("option", { name: /Alfa Construct SA/ }).click();
  await page.getByRole("combobox", { name: "Depozit" }).click();
  await page.getByRole("option", { name: "Depozit Central" }).click();
  await page.getByTestId("invoice-file").setInputFiles("test/fixtures/invoices/ro-title.xlsx");
  await page.getByRole("button", { name: "Încarcă fișierul" }).click();
  await expect(page).toHaveURL(/\/invoices\/\d+$/);
  const saveState = page.getByTestId("save-state");
  await expect(saveState).toHaveText("Salvat", { timeout: 5000 });
  await expect(page.getByRole("radio", { name: "Emite factura" })).toBeChecked(); // a fiscal invoice unless a draft is chosen

  // One line edited: three laptops instead of two, the total following.
  await page.getByRole("tab", { name: "Produse" }).click();
  const lines = page.getByTestId("product-line");
  const laptop = lines.filter({ hasText: "Laptop Lenovo ThinkPad E14" });
  const totals = page.getByTestId("totals-RON");
  const totalBefore = await totals.textContent();
  await page.getByRole("button", { name: "Editează Laptop Lenovo ThinkPad E14" }).click();
  const lineDialog = page.getByRole("dialog");
  await lineDialog.getByRole("textbox", { name: "Cantitate" }).fill("-2");
  await lineDialog.getByRole("button", { name: "Salvează" }).click();
  await expect(lineDialog).toBeVisible(); // a wrong input: a negative quantity is refused
  await lineDialog.getByRole("textbox", { name: "Cantitate" }).fill("3");
  await lineDialog.getByRole("button", { name: "Salvează" }).click();
  await expect(lineDialog).toHaveCount(0);
  await expect(laptop.getByRole("gridcell").nth(2)).toHaveText("3");
  await expect(totals).not.toHaveText(totalBefore!);
  await expect(saveState).toHaveText("Salvat", { timeout: 5000 });

  await page.getByRole("button", { name: "Trimite Factura" }).click();
  const success = page.getByRole("status").filter({ hasText: "Succes:" });
  await expect(success).toContainText(/Număr: \d+ - Serie: SBL/);
  const invoiceNumber = `SBL ${/Număr: (\d+)/.exec((await success.textContent())!)![1]}`;
  // The sent invoice stays on screen, named by its number, client and total, its lines kept.
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(`^Factura ${invoiceNumber} · Alfa Construct SA · `) })).toBeVisible();
  await expect(laptop).toBeVisible();

  // Its payment: the whole amount, proposed as Romanians write it, makes it 'Încasată'.
  const actions = page.getByRole("group", { name: "Factura în SmartBill" });
  await actions.getByRole("button", { name: "Înregistrează încasare" }).click();
  const payDialog = page.getByRole("dialog", { name: `Înregistrează încasare pentru factura ${invoiceNumber}` });
  await expect(payDialog.getByRole("textbox", { name: "Sumă" })).toHaveValue(/^\d{1,3}(\.\d{3})*,\d{2}$/);
  await payDialog.getByRole("button", { name: "Înregistrează" }).click();
  await expect(payDialog).toHaveCount(0);
  await expect(page.getByTestId("payment-status")).toHaveText("Încasată");

  // The list names it by its number, with its client and 'Încasată'.
  await page.getByRole("menuitem", { name: "Facturi importate" }).click();
  const sent = page.getByRole("row").filter({ has: page.getByRole("cell", { name: invoiceNumber, exact: true }) });
  await expect(sent).toContainText("Alfa Construct SA");
  await expect(sent).toContainText("Încasată");
  await signOut(page);

  // The super-admin sees the new company's invoice only while acting in it.
  await signInAndWaitForHome(page, DEMO.superadmin);
  const invoiceRow = (page: Page) => page.getByRole("row").filter({ has: page.getByRole("cell", { name: invoiceNumber, exact: true }) });
  await chooseTenant(page, new RegExp(`^${TENANT}`));
  await page.goto("/smartbill/invoices");
  await expect(invoiceRow(page)).toContainText("Alfa Construct SA");
  await chooseTenant(page, /^system \(firma proprie\)/);
  await expect(page.getByRole("heading", { level: 1, name: "Facturi importate prin SmartBill" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(invoiceRow(page)).toHaveCount(0);
});
