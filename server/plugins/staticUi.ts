/**
 * Serves the built react-admin app (vite's output) from the API's own port, when it exists.
 * Hashed files under /assets never change, so browsers may keep them for a year; index.html and
 * the other files are revalidated, so a new release is picked up at the next load. Each file is
 * sent as the brotli or gzip copy the build wrote beside it (scripts/precompress.ts) when the
 * browser accepts one, with `Vary: Accept-Encoding`, and as it is otherwise. Client-side routes
 * (/admin/users, /profile, …) are answered with index.html, compressed the same way, by the
 * not-found handler (plugins/notFound.ts).
 */
import { existsSync } from "node:fs";
import { resolve, sep } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyReply } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyInstance {
    /** Sends the SPA's index.html, or undefined when no UI build is present. */
    sendIndexHtml: ((reply: FastifyReply) => FastifyReply) | undefined;
  }
}

export interface StaticUiOptions {
  uiDir: string;
}

export const staticUiPlugin = fp<StaticUiOptions>(
  async (app, { uiDir }) => {
    const root = resolve(uiDir);
    if (!uiDir || !existsSync(resolve(root, "index.html"))) {
      if (uiDir) app.log.warn({ uiDir: root }, "no UI build found: serving the API only");
      app.decorate("sendIndexHtml", undefined);
      return;
    }
    const assets = `${sep}assets${sep}`;
    await app.register(fastifyStatic, {
      root,
      cacheControl: false,
      preCompressed: true,
      setHeaders(reply, path) {
        const hashed = path.startsWith(root + assets);
        reply.header("cache-control", hashed ? "public, max-age=31536000, immutable" : "no-cache");
      },
    });
    app.decorate("sendIndexHtml", (reply: FastifyReply) => reply.sendFile("index.html"));
  },
  { name: "staticUi" },
);
