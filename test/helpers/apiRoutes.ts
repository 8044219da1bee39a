/**
 * Every /api route the app registers, as [method, url] with its path parameters filled with
 * plausible values, so a test can call them all and a route added later is covered with no
 * change to the test. The API's documentation (swagger-ui and its files under /api/docs) is not
 * one of them: public pages in demo mode, outside the API's guards.
 */
import { buildApp } from "../../server/app";
import { loadConfig } from "../../server/config";
import { API_DOCS } from "../../contract/paths";

export type ApiRoute = [method: "GET" | "POST" | "PUT" | "DELETE", url: string];

export async function apiRoutes(): Promise<ApiRoute[]> {
  const app = buildApp(loadConfig({ DATABASE_URL: "sqlite::memory:", UI_DIR: "" }), { logger: false });
  const routes: ApiRoute[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) {
      if (!route.url.startsWith("/api/") || method === "HEAD") continue;
      if (route.url === API_DOCS || route.url.startsWith(`${API_DOCS}/`)) continue;
      routes.push([method as ApiRoute[0], route.url.replace(/:name\b/, "smartbill.cif").replace(/:\w+/g, "1")]);
    }
  });
  await app.ready();
  await app.close();
  return routes;
}
