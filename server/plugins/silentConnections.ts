/**
 * Closing the app drops the connections that are not in the middle of a request (none sent yet,
 * or between two) and refuses new ones.
 *
 * Node's `server.close()` waits for every open connection and closes the idle ones itself, but
 * a connection that has not yet sent a request (opened ahead of one, or half-way through its
 * headers) does not count as idle: the close waits until the other end gives up. An HTTP client
 * whose call was cut short by the close (the demo's own SmartBill client, a browser's spare
 * connection) can leave one open for seconds. Once the app closes, Fastify answers every
 * request with 503 anyway, so nothing a client could still send on such a connection is lost.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Socket } from "node:net";
import fp from "fastify-plugin";

export const silentConnectionsPlugin = fp(
  async (app) => {
    const silent = new Set<Socket>();
    let closing = false;
    app.server.on("connection", (socket: Socket) => {
      if (closing) {
        socket.destroy();
        return;
      }
      silent.add(socket);
      socket.once("close", () => silent.delete(socket));
    });
    // Between two requests of a kept-alive connection it is silent again.
    app.server.on("request", (request: IncomingMessage, response: ServerResponse) => {
      const { socket } = request;
      silent.delete(socket);
      response.once("finish", () => {
        if (socket.destroyed) return;
        // Once the app closes, its last answer is the connection's last.
        if (closing) socket.end(() => socket.destroy());
        else silent.add(socket);
      });
    });
    app.addHook("preClose", async () => {
      closing = true;
      for (const socket of silent) socket.destroy();
      silent.clear();
    });
  },
  { name: "silentConnections" },
);
