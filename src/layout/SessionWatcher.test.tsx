import { useEffect } from "react";
import { screen } from "@testing-library/react";
import { Route, Routes } from "react-router-dom";
import { useStore } from "react-admin";
import { renderWithAdmin } from "../../test/helpers/renderWithAdmin";
import { sessionWithRoles } from "../../test/helpers/fakeSession";
import { session } from "../providers/session";
import { tokenRefresher } from "../providers/tokenRefresher";
import { SessionWatcher } from "./SessionWatcher";

/** A list's remembered filter, kept in react-admin's store. */
function Remembered() {
  const [filter, setFilter] = useStore<string>("customers.listParams");
  useEffect(() => setFilter("cluj"), [setFilter]);
  return <p>filtru: {filter ?? "niciunul"}</p>;
}

const Screens = () => (
  <>
    <SessionWatcher />
    <Routes>
      <Route path="/profile" element={<Remembered />} />
    </Routes>
  </>
);

describe("SessionWatcher", () => {
  afterEach(() => tokenRefresher.stop());

  it("leaves a session whose access token expired in place, for the refresher to renew", async () => {
    // (No server here: the refresh fails later, and then ends only this session, by its own refresh token.)
    const expired = { ...sessionWithRoles(["ROLE_ADMIN"], { expiresInSeconds: -1 }), refreshToken: "expired-one" };
    session.set(expired);
    renderWithAdmin(<Screens />, { path: "/profile" });
    expect(await screen.findByText("filtru: cluj")).toBeInTheDocument();
    // Not removed on sight (the refresh it started is on its way; only its refusal ends the session).
    expect(session.get()).toEqual(expired);
  });

  it("forgets what react-admin kept when a refresh is refused, moving nowhere itself (the front door does)", async () => {
    session.set(sessionWithRoles(["ROLE_ADMIN"]));
    const { router } = renderWithAdmin(<Screens />, { path: "/profile" });
    expect(await screen.findByText("filtru: cluj")).toBeInTheDocument();
    session.remove("refresh-failed"); // what the refresher does when the server refuses
    expect(await screen.findByText("filtru: niciunul")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/profile");
  });
});
