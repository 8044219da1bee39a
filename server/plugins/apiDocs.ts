/**
 * The API's OpenAPI document, generated from the routes' own schemas (@fastify/swagger), so it
 * cannot drift from what the server validates and answers: every route under /api and /dmz-api
 * with its parameters, bodies, success answers and who may call it (`x-access`, `x-roles`, see
 * plugins/requireRole.ts). Browsable at /api/docs (swagger-ui), as JSON at /api/docs/json.
 *
 * Served in demo mode only. The document lists the administration routes and every shape; in
 * production that is one more map for an attacker and no help to the company's clerks, while an
 * integrator reads the very same document on a demo (the same code answers there). A signed-in
 * only document was the other choice, but the browser does not send the access token (it lives
 * in the page, not in a cookie) when it opens /api/docs, so the page could not load it.
 *
 * swagger-ui's page loads only its own files from this origin and calls only /api/docs/json, so
 * it works under the app's Content-Security-Policy as it is: no header is relaxed for it.
 */
import fastifySwagger from "@fastify/swagger";
import fastifySwaggerUi from "@fastify/swagger-ui";
import fp from "fastify-plugin";
import { API, API_DOCS, DMZ_API } from "../../contract/paths";

/** Routes of this API (the UI's files and the SmartBill emulator are not part of it). */
export const isApiRoute = (url: string): boolean =>
  [API, DMZ_API].some((prefix) => url === prefix || url.startsWith(`${prefix}/`));

export const apiDocsPlugin = fp(
  async (app) => {
    if (!app.config.demo) return;
    await app.register(fastifySwagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "SmartBill back office API",
          version: "1",
          description:
            "Every /api route needs `Authorization: Bearer <authenticationToken>` (from POST /dmz-api/login), " +
            "`X-Tenant-ID` and, for state-changing methods, the anti-forgery cookie echoed in `X-XSRF-TOKEN`. " +
            "`x-roles` names the roles that may call a route (the role matrix, contract/roles.ts).",
        },
        components: { securitySchemes: { bearerAuth: { type: "http", scheme: "bearer", bearerFormat: "JWT" } } },
      },
      transform: ({ schema, url }) => ({ schema: isApiRoute(url) ? schema : { ...schema, hide: true }, url }),
    });
    await app.register(fastifySwaggerUi, {
      routePrefix: API_DOCS,
      // No call to swagger.io's validator: the page talks to this origin only.
      uiConfig: { validatorUrl: null },
    });
  },
  { name: "apiDocs" },
);
