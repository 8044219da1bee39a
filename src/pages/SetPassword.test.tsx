import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { GenerateSetUrlResponse } from "../../contract/api";
import { API_PATHS } from "../../contract/paths";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { signInLive, startLiveServer, usePageOrigin, type LiveServer } from "../../test/helpers/liveServer";
import { httpClient } from "../providers/httpClient";
import { requestJson } from "../providers/requestJson";
import { session } from "../providers/session";
import SetPassword from "./SetPassword";

const renderAt = (path: string) => renderWithAdmin(<SetPassword />, { path, route: "/dmz/*" });

describe("the set/reset password screen", () => {
  it("refuses any /dmz path other than set-password and reset-password", async () => {
    renderAt("/dmz/other?email=a@b.ro&token=t");
    expect(await screen.findByText("Adresa acestui link nu este corectă. Deschideți linkul exact cum a sosit în e-mail sau cereți unul nou din „Recuperare parolă”.")).toBeInTheDocument();
  });

  it("refuses a link without the email or the token", async () => {
    renderAt("/dmz/reset-password?token=t");
    expect(await screen.findByText("Linkului îi lipsesc date (e-mailul sau codul). Deschideți linkul întreg din e-mail sau cereți unul nou din „Recuperare parolă”.")).toBeInTheDocument();
  });

  // (No server here: the link cannot be checked, so the form shows and saving would decide.)
  it("titles the set and reset variants and shows the email read-only", async () => {
    renderAt("/dmz/set-password?email=nou%40demo.ro&token=t");
    expect(await screen.findByRole("heading", { name: "Setează parola" })).toBeInTheDocument();
    const email = await screen.findByLabelText("Adresa de email");
    expect(email).toHaveValue("nou@demo.ro");
    expect(email).toHaveAttribute("readonly");
    expect(screen.queryByDisplayValue("t")).not.toBeVisible();
  });

  it("asks for both passwords, then for matching ones, before sending anything", async () => {
    const user = userEvent.setup();
    renderAt("/dmz/reset-password?email=a%40b.ro&token=t");
    expect(await screen.findByRole("heading", { name: "Resetează parola" })).toBeInTheDocument();
    await user.click(await screen.findByRole("button", { name: "Salvează parola" }));
    expect(screen.getByText("Te rog să completezi toate câmpurile.")).toBeInTheDocument();
    await user.type(screen.getByLabelText("Parola nouă"), "parola-unu");
    await user.type(screen.getByLabelText("Confirmă parola"), "parola-doi");
    await user.click(screen.getByRole("button", { name: "Salvează parola" }));
    expect(screen.getByText("Parolele nu corespund")).toBeInTheDocument();
  });
});

describe("the set/reset password screen with a real link", () => {
  let server: LiveServer;
  beforeAll(async () => {
    server = await startLiveServer();
  }, 60_000);
  afterAll(() => server.close(), 30_000);
  beforeEach(() => usePageOrigin(server.url));

  /** A fresh reset link for the invoicing user, as its admin makes one ('Resetează parola'), as a path. */
  async function freshLink(): Promise<{ path: string; email: string; token: string }> {
    await signInLive("admin@demo.ro");
    const { json } = await httpClient<GenerateSetUrlResponse>(API_PATHS.setPasswordLink, {
      method: "POST",
      body: JSON.stringify({ email: "facturare@demo.ro", baseUrl: `${server.url}/dmz` }),
    });
    session.clearAll();
    const url = new URL(json.url);
    return { path: url.pathname + url.search, email: url.searchParams.get("email")!, token: url.searchParams.get("token")! };
  }

  it("says at once that a used link was used or has expired, with the ways on, before any password is typed", async () => {
    const link = await freshLink();
    await requestJson("/dmz-api/reset", { method: "POST", body: JSON.stringify({ email: link.email, token: link.token, newPassword: "demo1234" }) });
    renderAt(link.path);
    expect(await screen.findByText(/^Acest link a fost deja folosit sau a expirat\./)).toBeInTheDocument();
    expect(screen.queryByLabelText("Parola nouă")).toBeNull();
    expect(screen.getByRole("link", { name: "Recuperare parolă" })).toHaveAttribute("href", "/recuperare-parola");
    expect(screen.getByRole("link", { name: "Autentificare" })).toHaveAttribute("href", "/login?email=facturare%40demo.ro");
  });

  it("shows the form for a usable link without using it up, and after saving goes to sign in with the e-mail filled in", async () => {
    const user = userEvent.setup();
    const link = await freshLink();
    const { router } = renderAt(link.path);
    await user.type(await screen.findByLabelText("Parola nouă"), "demo1234");
    await user.type(screen.getByLabelText("Confirmă parola"), "demo1234");
    await user.click(screen.getByRole("button", { name: "Salvează parola" }));
    expect(await screen.findByText("Parola a fost resetată cu succes.")).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe("/login?email=facturare%40demo.ro");
  });
});
