/**
 * How the app reads request bodies, for every route: JSON through jsonBody.ts (its depth and size
 * bounded before it is parsed, within the route's byte limit, bodyLimits.ts), and a body nobody
 * reads never read to its end.
 *
 * A route that answers without reading its body (a GET or a 404 sent one, a handler that refuses
 * before reading, a parser that refused it) would otherwise still have Node read and drop the
 * rest so that the connection could serve a next request: 30 MB sent to an unknown address were
 * read to the last byte after its 404. Such an answer closes the connection instead. A body that
 * has fully arrived (`complete`) keeps the connection open as before.
 */
import fp from "fastify-plugin";
import { jsonBodyParser } from "../jsonBody";

export const requestBodiesPlugin = fp(
  async (app) => {
    app.removeContentTypeParser("application/json");
    app.addContentTypeParser("application/json", { parseAs: "string" }, jsonBodyParser(app));
    app.addHook("onSend", async (request, reply) => {
      // false on a real connection whose body is still coming; light-my-request's has no such flag.
      if (request.raw.complete === false) reply.header("connection", "close");
    });
  },
  { name: "requestBodies" },
);
