/**
 * The answer to an address no route serves: a browser navigating to one of the UI's own pages
 * (`/customers/3`, opened from a bookmark or reloaded) gets the UI's index.html, so the client's
 * router shows it; anything else (an API call, a missing asset) gets 404 as JSON in Romanian. The
 * SmartBill emulator keeps its own not-found answers (never the UI's page).
 */
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { API, DMZ_API } from "../../contract/paths";
import { messages } from "../messages";
import { SMARTBILL_EMULATOR_PREFIX } from "../smartbill/emulator/index";

export const notFoundPlugin = fp(
  async (app) => {
    app.setNotFoundHandler((request, reply) => {
      if (app.sendIndexHtml && isPageRequest(request)) return app.sendIndexHtml(reply);
      return reply.code(404).send({ message: messages.notFound });
    });
  },
  { name: "notFound" },
);

/** A browser navigating to a client-side route (as opposed to an API call or a missing asset). */
function isPageRequest(request: FastifyRequest): boolean {
  const path = request.url.split("?")[0];
  const underApi = [API, DMZ_API, SMARTBILL_EMULATOR_PREFIX].some(
    (prefix) => path === prefix || path.startsWith(`${prefix}/`),
  );
  return (
    (request.method === "GET" || request.method === "HEAD") &&
    !underApi &&
    (request.headers.accept ?? "").includes("text/html")
  );
}
