import { expect, test, type Page } from "@playwright/test";
import { DEMO, signIn, signInAndWaitForProfile, signOut } from "./helpers";

const row = (page: Page, text: string) => page.getByRole("row").filter({ hasText: text });

async function addTenant(page: Page, name: string, description = "") {
  await page.goto("/admin/tenants");
  await page.getByRole("button", { name: "Adaugă firmă" }).click();
  const dialog = page.getByRole("dialog", { name: "Adaugă firmă" });
  await dialog.getByLabel("Nume").fill(name);
  if (description) await dialog.getByLabel("Descriere").fill(description);
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog).toBeHidden();
  await expect(row(page, name)).toBeVisible();
}

test("the super-admin brings a new company's invoicing user from nothing to signed in", async ({ page }) => {
  const suffix = Date.now();
  const tenant = `Alfa Distributie ${suffix}`;
  const email = `ana.${suffix}@alfa.ro`;
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await addTenant(page, tenant, "Distribuitor de test");

  await page.goto("/admin/users");
  await page.getByRole("button", { name: "Adaugă utilizator" }).click();
  const add = page.getByRole("dialog", { name: "Adaugă utilizator" });
  await add.getByLabel("Email").fill(email);
  await add.getByRole("combobox", { name: "Firmă" }).click();
  await page.getByRole("option", { name: tenant }).click();
  // A client company's user is never offered the super-admin's role.
  await expect(add.getByRole("checkbox")).toHaveCount(2);
  await expect(add.getByRole("checkbox", { name: "Super-administrator" })).toHaveCount(0);
  await add.getByRole("checkbox", { name: "Operator facturare" }).check();
  await add.getByRole("button", { name: "Salvează" }).click();

  const linkDialog = page.getByRole("dialog", { name: "Link pentru parolă" });
  await expect(linkDialog).toContainText(email);
  const link = await linkDialog.getByRole("textbox").inputValue();
  expect(link).toContain("/dmz/set-password?");
  await linkDialog.getByRole("button", { name: "Închide" }).click();

  const group = page.getByRole("region", { name: tenant });
  await expect(group).toContainText("Distribuitor de test");
  await expect(row(page, email)).toContainText("Operator facturare");
  await row(page, email).getByRole("button", { name: "Modifică rolurile" }).click();
  const roles = page.getByRole("dialog", { name: `Rolurile utilizatorului ${email}` });
  await expect(roles.getByRole("checkbox", { name: "Operator facturare" })).toBeChecked();
  await expect(roles.getByRole("checkbox", { name: "Super-administrator" })).toHaveCount(0);
  await roles.getByRole("checkbox", { name: "Administrator firmă" }).check();
  await roles.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Rolurile au fost actualizate cu succes.")).toBeVisible();
  await expect(row(page, email)).toContainText("Administrator firmă");
  await row(page, email).getByRole("button", { name: "Modifică rolurile" }).click();
  await roles.getByRole("checkbox", { name: "Administrator firmă" }).uncheck();
  await roles.getByRole("button", { name: "Salvează" }).click();
  await expect(roles).toBeHidden();
  await expect(row(page, email)).not.toContainText("Administrator firmă");

  await page.goto("/logout");
  await expect(page.getByRole("banner").getByRole("link", { name: "Autentificare" })).toBeVisible();
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Setează parola" })).toBeVisible();
  await page.getByLabel("Parola nouă").fill("parola-ana-1");
  await page.getByLabel("Confirmă parola").fill("parola-ana-1");
  await page.getByRole("button", { name: "Salvează parola" }).click();
  await expect(page).toHaveURL(/\/login\?email=/);

  await signIn(page, email, "parola-ana-1");
  await expect(page.getByRole("heading", { level: 1, name: "Bun venit!" })).toBeVisible();
  await page.goto("/profile");
  await expect(page.getByTestId("profile-tenant")).toHaveText(tenant);
  await expect(page.getByTestId("menu-section")).toHaveText(["General", "SmartBill", "SmartBill - stoc/depozite", "SmartBill - clienți"]);

  await signOut(page);
  await page.goto(link);
  // Used once, the link says so as it opens, before any password is typed.
  await expect(page.getByTestId("password-link-spent")).toContainText("Acest link a fost deja folosit sau a expirat.");
  await expect(page.getByLabel("Parola nouă")).toHaveCount(0);
});

test("the tenant form refuses an empty name, and the server a duplicate one", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await page.goto("/admin/tenants");
  await page.getByRole("button", { name: "Adaugă firmă" }).click();
  const dialog = page.getByRole("dialog", { name: "Adaugă firmă" });
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog.getByText("Introduceți numele firmei.")).toBeVisible();
  await dialog.getByLabel("Nume").fill("Demo SRL");
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Demo SRL");
  await expect(dialog).toBeVisible(); // nothing typed is lost
});

test("tenant 1 offers no edit or delete, and a tenant with users cannot be deleted", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.superadmin);
  await page.goto("/admin/tenants");
  await expect(row(page, "system").getByRole("button")).toHaveCount(0);
  const demo = row(page, "Demo SRL");
  await demo.getByRole("button", { name: "Șterge" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Confirmă" }).click();
  await expect(page.getByText(/are încă utilizatori sau date/)).toBeVisible();
  await expect(row(page, "Demo SRL")).toBeVisible();
});

test("an admin manages only the users of the admin's own tenant", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.admin);
  await page.goto("/admin/users");
  await expect(page.getByTestId("tenant-group")).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Demo SRL" })).toBeVisible();
  await expect(page.getByText(DEMO.superadmin)).toHaveCount(0);
  await page.getByRole("button", { name: "Adaugă utilizator" }).click();
  const add = page.getByRole("dialog", { name: "Adaugă utilizator" });
  await add.getByRole("button", { name: "Salvează" }).click();
  await expect(add.getByText("Introduceți adresa de email.")).toBeVisible();
  await expect(add.getByText("Alegeți cel puțin un rol.")).toBeVisible();
  await add.getByLabel("Email").fill("fara-domeniu@");
  await add.getByRole("button", { name: "Salvează" }).click();
  await expect(add.getByText("Adresa de email nu este validă (de exemplu nume@firma.ro).")).toBeVisible();
  await expect(add.getByRole("checkbox")).toHaveCount(2); // an admin grants the company's roles only
  await add.getByRole("combobox", { name: "Firmă" }).click();
  await expect(page.getByRole("option")).toHaveText(["Alegeți firma", "Demo SRL"]);
});

test("settings show secrets masked, refuse an empty value and keep the name when editing", async ({ page }) => {
  await signInAndWaitForProfile(page, DEMO.admin);
  await page.goto("/admin/properties");
  await expect(page.getByRole("heading", { level: 1, name: "Configurare parametri" })).toBeVisible();
  await expect(row(page, "smartbill.token").getByTestId("property-value")).toHaveText(/^d\*+1$/);
  await expect(row(page, "smartbill.cif").getByTestId("property-value")).toHaveText("RO40671760");

  await page.getByRole("button", { name: "Adaugă setare" }).click();
  const dialog = page.getByRole("dialog", { name: "Adaugă setare" });
  await dialog.getByLabel("Nume").fill("smtp.password");
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(dialog.getByText("Introduceți câmpurile necesare (nume și valoare).")).toBeVisible();
  await dialog.getByLabel("Valoare").fill("parola-secreta");
  await dialog.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Setări adăugate cu succes.")).toBeVisible();
  await expect(row(page, "smtp.password").getByTestId("property-value")).toHaveText("p************a");
  await expect(page.getByText("parola-secreta")).toHaveCount(0);

  await row(page, "smtp.password").getByRole("button", { name: "Editează" }).click();
  const edit = page.getByRole("dialog", { name: "Editează setarea" });
  await expect(edit.getByLabel("Nume")).toBeDisabled();
  await edit.getByLabel("Valoare").fill("alta-parola");
  await edit.getByRole("button", { name: "Salvează" }).click();
  await expect(page.getByText("Setări actualizate cu succes.")).toBeVisible();
  await expect(row(page, "smtp.password").getByTestId("property-value")).toHaveText("a*********a");
});
