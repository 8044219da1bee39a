/**
 * Compresses the API's answers (@fastify/compress): brotli or gzip, whichever the client prefers,
 * with `Vary: Accept-Encoding`. A page of 25 customers is about 10 KB of JSON and shrinks to a
 * tenth of that. Registered in app.ts in the scope of the /api and /dmz-api routes only: the UI's
 * files are compressed once at build time and sent as they are (server/plugins/staticUi.ts).
 *
 * - Answers under 1 KiB are sent as they are: they fit in a packet either way.
 * - Only text is compressed (JSON, CSV): an .xlsx is a zip already. Streamed answers (the
 *   customers' export, the import's result) are compressed as they stream.
 * - Brotli at quality 4, not 11: it runs on every answer, and beyond 4 it costs far more time
 *   than it saves bytes.
 * - Request bodies are never decompressed: an upload is read as it is sent, so a small
 *   compressed body cannot inflate past the size limits (a "zip bomb").
 */
import fastifyCompress from "@fastify/compress";
import fp from "fastify-plugin";

const TEXT_ANSWER = /^(?:text\/(?!event-stream)|application\/(?:[\w.-]+\+)?json(?:;|$))/i;

export const apiCompressionPlugin = fp(
  async (app) => {
    await app.register(fastifyCompress, {
      encodings: ["br", "gzip"],
      threshold: 1024,
      customTypes: (type) => TEXT_ANSWER.test(type),
      globalDecompression: false,
    });
  },
  { name: "apiCompression" },
);
