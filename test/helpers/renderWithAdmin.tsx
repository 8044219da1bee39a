/**
 * Renders a piece of the UI inside react-admin's contexts (Romanian messages, the real auth
 * provider, a memory router at `path`) with the page frame and the notification area, as the app
 * does. The real
 * data provider unless a test hands it another (a state the live server cannot reach).
 */
import type { ReactElement } from "react";
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AdminContext, type DataProvider, type I18nProvider, memoryStore, Notification } from "react-admin";
import { i18nProvider } from "../../i18n/i18nProvider";
import { AdminPageFrame } from "../../src/pages/AdminPageFrame";
import { authProvider } from "../../src/providers/authProvider";
import { dataProvider as liveDataProvider } from "../../src/providers/dataProvider";
import { theme } from "../../src/theme";

export function renderWithAdmin(
  ui: ReactElement,
  {
    path = "/",
    route = "*",
    i18n = i18nProvider,
    dataProvider = liveDataProvider,
  }: { path?: string; route?: string; i18n?: I18nProvider; dataProvider?: DataProvider } = {},
) {
  const router = createMemoryRouter(
    [
      {
        path: route,
        element: (
          <AdminContext
            i18nProvider={i18n}
            authProvider={authProvider}
            dataProvider={dataProvider}
            store={memoryStore()}
            theme={theme}
          >
            <AdminPageFrame>{ui}</AdminPageFrame>
            <Notification />
          </AdminContext>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  return { router, ...render(<RouterProvider router={router} />) };
}
