import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { session } from "../providers/session";
import { chooseLocale } from "./locale";
import { PublicShell } from "./PublicShell";

/** The shell at `path`: it reads the browser's own address. */
function openAt(path: string) {
  window.history.pushState(null, "", path);
  return render(<PublicShell />);
}

/** A message key shown as is: a word the public pages' dictionaries lack. */
const UNTRANSLATED = /\b(app|appBar|menu|footer|landing|about|contact|login|recover|password|setPassword|error|privacy|terms|ra)\.[A-Za-z_]/;

function shownTexts(): string[] {
  const texts: string[] = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) texts.push(walker.currentNode.textContent ?? "");
  return texts;
}

/** The sign-in and recovery fields by their accessible names (the required mark is hidden from them). */
const emailField = () => screen.findByRole("textbox", { name: "Adresa de email" });
const passwordField = () => screen.getByLabelText(/^Parola/);

const PAGES: Array<[path: string, ro: string, en: string]> = [
  ["/", "Platforma B2B de Schimburi Comerciale", "B2B Commercial Exchange Platform"],
  ["/about", "Despre platformă", "About the platform"],
  ["/contact", "Contact", "Contact"],
  ["/login", "Autentificare", "Sign in"],
  ["/recuperare-parola", "Recuperare parolă", "Recover password"],
  ["/dmz/set-password?email=a%40b.ro&token=t", "Setează parola", "Set password"],
  ["/dmz/reset-password?email=a%40b.ro&token=t", "Resetează parola", "Reset password"],
  ["/privacy", "Politica de confidențialitate", "Privacy Policy"],
  ["/terms", "Termeni și condiții", "Terms of Service"],
];

describe("the public shell", () => {
  it.each(PAGES)("shows %s with the top bar and footer, every word translated, in Romanian and in English", async (path, ro, en) => {
    for (const [locale, heading, login] of [["ro", ro, "Autentificare"], ["en", en, "Login"]] as const) {
      chooseLocale(locale);
      const { unmount } = openAt(path);
      expect(await screen.findByRole("heading", { level: 1, name: heading })).toBeInTheDocument();
      expect(within(screen.getByRole("banner")).getByRole("link", { name: login })).toBeInTheDocument();
      expect(screen.getByRole("contentinfo")).toHaveTextContent(/© \d{4}/);
      expect(shownTexts().filter((text) => UNTRANSLATED.test(text))).toEqual([]);
      unmount();
    }
  });

  it("names the page in the top bar, as the admin app's title does", async () => {
    openAt("/recuperare-parola");
    await screen.findByRole("heading", { level: 1, name: "Recuperare parolă" });
    expect(within(screen.getByRole("banner")).getByText("Recuperare parolă")).toBeInTheDocument();
  });

  it("turns to English from the top bar's language menu, and keeps the choice where the admin app reads it", async () => {
    const user = userEvent.setup();
    openAt("/");
    await user.click(await screen.findByRole("button", { name: /Română/ }));
    // The menu's code comes when it is first opened.
    await user.click(await screen.findByRole("menuitem", { name: "English" }));
    expect(await screen.findByRole("heading", { level: 1, name: "B2B Commercial Exchange Platform" })).toBeInTheDocument();
    expect(localStorage.getItem("RaStore.locale")).toBe('"en"');
  });

  it("asks for both sign-in fields, says the form is invalid and sends nothing", async () => {
    const user = userEvent.setup();
    openAt("/login");
    await user.click(await screen.findByRole("button", { name: "Conectați-vă" }));
    expect(screen.getAllByText("Vă rugăm introduceți o valoare!")).toHaveLength(2);
    expect(await screen.findByText("Formularul nu este valid. Vă rugăm să verificați erorile")).toBeInTheDocument();
    expect(await emailField()).toHaveFocus();
    // Corrected as it is typed, once the form was sent.
    await user.type(await emailField(), "a@b.ro");
    expect(screen.getAllByText("Vă rugăm introduceți o valoare!")).toHaveLength(1);
    expect(session.get()).toBeNull();
  });

  it("fills the e-mail in from the address (after a password was set) and waits in the password", async () => {
    openAt("/login?email=ana%40demo.ro");
    expect(await emailField()).toHaveValue("ana@demo.ro");
    expect(passwordField()).toHaveFocus();
  });

  it("leads a visitor from the landing to ask for access or to sign in", async () => {
    const user = userEvent.setup();
    openAt("/");
    const main = await screen.findByRole("main");
    expect(within(main).getByRole("link", { name: "Autentificare" })).toHaveAttribute("href", "/login");
    await user.click(within(main).getByRole("link", { name: "Solicită acces" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Contact" })).toBeInTheDocument();
    expect(window.location.pathname).toBe("/contact");
  });

  it("refuses an address that is not an e-mail on the recovery page", async () => {
    const user = userEvent.setup();
    openAt("/recuperare-parola");
    await user.type(await emailField(), "nu-e-adresa");
    await user.click(screen.getByRole("button", { name: "Trimite linkul de resetare" }));
    expect(screen.getByText("Trebuie să fie o adresă de e-mail validă")).toBeInTheDocument();
  });

  describe("against the server", () => {
    let server: LiveServer;
    beforeAll(async () => {
      server = await startLiveServer({ CONTACT_EMAIL: "contact@operator.ro", CONTACT_PHONE: "+40 21 123 4567" });
    }, 60_000);
    afterAll(() => server.close(), 30_000);
    beforeEach(() => usePageOrigin(server.url));

    it("shows the server's reason for a refused sign-in and stores nothing", async () => {
      const user = userEvent.setup();
      openAt("/login");
      await user.type(await emailField(), "admin@demo.ro");
      await user.type(passwordField(), "parola-gresita");
      await user.click(screen.getByRole("button", { name: "Conectați-vă" }));
      expect(await screen.findByText("Eroare la autentificare: Adresa de email sau parola este incorectă.")).toBeInTheDocument();
      expect(session.get()).toBeNull();
      expect(window.location.pathname).toBe("/login");
    });

    it("shows the operator's contact details on the contact page", async () => {
      openAt("/contact");
      const details = await screen.findByRole("region", { name: "Date de contact" });
      expect(within(details).getByRole("link", { name: "contact@operator.ro" })).toHaveAttribute("href", "mailto:contact@operator.ro");
      expect(within(details).getByRole("link", { name: "+40 21 123 4567" })).toHaveAttribute("href", "tel:+40211234567");
    });

    it("checks the contact form in Romanian before sending, then sends the message and says so", async () => {
      const user = userEvent.setup();
      openAt("/contact");
      const form = await screen.findByRole("form", { name: "Trimiteți-ne un mesaj" }, { timeout: 10_000 });
      const box = (name: string) => within(form).getByRole("textbox", { name });
      /** Typed at once (a paste): the field's checks are what is looked at, not each keystroke. */
      const write = async (name: string, text: string) => {
        await user.click(box(name));
        await user.paste(text);
      };
      await write("Adresa de e-mail", "nu-e-adresa");
      await write("Mesaj", "Salut");
      await user.click(within(form).getByRole("button", { name: "Trimite mesajul" }));
      expect(within(form).getByText("Vă rugăm introduceți o valoare!")).toBeInTheDocument(); // the name
      expect(within(form).getByText("Trebuie să fie o adresă de e-mail validă")).toBeInTheDocument();
      expect(within(form).getByText("Mesajul este prea scurt: scrieți cel puțin 10 caractere.")).toBeInTheDocument();
      expect(box("Nume")).toHaveFocus();

      await write("Nume", "Ana Popescu");
      await user.clear(box("Adresa de e-mail"));
      await write("Adresa de e-mail", "ana@firma-noua.ro");
      await write("Companie", "Firma Nouă SRL");
      await write("Mesaj", ", am dori un cont pentru firma noastră.");
      await user.click(within(form).getByRole("button", { name: "Trimite mesajul" }));
      expect(await screen.findByText("Mesajul a fost trimis. Vă răspundem la adresa de e-mail pe care ați scris-o.", {}, { timeout: 10_000 })).toBeInTheDocument();
      // Another message starts from an empty form.
      await user.click(screen.getByRole("button", { name: "Trimite alt mesaj" }));
      expect(await screen.findByRole("textbox", { name: "Nume" })).toHaveValue("");
    }, 60_000);
  });
});
