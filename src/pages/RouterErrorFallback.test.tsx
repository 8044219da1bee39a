import { render, screen } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { RouterErrorFallback } from "./RouterErrorFallback";

describe("the router's fallback", () => {
  it("shows 'Eroare neașteptată în aplicație!' with the error's message", async () => {
    const Broken = () => {
      throw new Error("ruptură în randare");
    };
    const router = createMemoryRouter([{ path: "*", element: <Broken />, errorElement: <RouterErrorFallback /> }]);
    vi.spyOn(console, "error").mockImplementation(() => undefined); // React reports the throw; expected here
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("Eroare neașteptată în aplicație!")).toBeInTheDocument();
    expect(screen.getByText("ruptură în randare")).toBeInTheDocument();
  });

  it("shows the status text of an error response", async () => {
    const router = createMemoryRouter([
      {
        path: "*",
        loader: () => {
          throw new Response("", { status: 503, statusText: "Service Unavailable" });
        },
        element: <p>never</p>,
        errorElement: <RouterErrorFallback />,
      },
    ]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByText("503 Service Unavailable")).toBeInTheDocument();
  });
});
