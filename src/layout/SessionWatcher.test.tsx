import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { SessionWatcher } from "./SessionWatcher";

const Screens = () => (
  <>
    <SessionWatcher />
    <Routes>
      <Route path="/" element={<p>acasă</p>} />
      <Route path="/profile" element={<p>profil</p>} />
      <Route path="/logout" element={<p>ieșire</p>} />
    </Routes>
  </>
);

describe("SessionWatcher", () => {
  it("removes an already expired session and sends the browser home", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -1 }));
    localStorage.setItem("other", "kept until logout");
    renderWithAdmin(<Screens />, { path: "/profile" });
    expect(await screen.findByText("acasă")).toBeInTheDocument();
    expect(session.get()).toBeNull();
  });

  it("sends the browser home when a refresh fails", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    renderWithAdmin(<Screens />, { path: "/profile" });
    expect(await screen.findByText("profil")).toBeInTheDocument();
    session.remove("refresh-failed"); // what the refresher does when the server refuses
    expect(await screen.findByText("acasă")).toBeInTheDocument();
  });

  it("sends the user to /logout when the stored user changes to one whose expiry is past", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    renderWithAdmin(<Screens />, { path: "/profile" });
    expect(await screen.findByText("profil")).toBeInTheDocument();
    // e.g. another tab wrote an old session back
    session.set(sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -30 }));
    expect(await screen.findByText("ieșire")).toBeInTheDocument();
  });
});
