/**
 * Vite builds the react-admin UI into dist/ (served by the API server in `npm start`), and in
 * `npm run dev` serves it with hot reload, proxying the API to the server on API_PORT (8080).
 */
import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";
// With its extension: Vite warns of extensionless imports in its config.
import { precompress } from "./scripts/precompress.js";

// The API server in demo mode listens on 127.0.0.1 only; `localhost` may resolve to ::1 first.
const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 8080}`;

export default defineConfig({
  plugins: [react(), precompress()],
  build: {
    outDir: "dist",
    // Source maps are written for error reports but not linked from the served bundles.
    sourcemap: "hidden",
    chunkSizeWarningLimit: 1500,
    // dist/.vite/manifest.json: which chunks each entry loads, for the bundle checks and benchmarks.
    manifest: true,
    rolldownOptions: {
      output: {
        // Everything index.html's entry imports statically (the public shell) in one file: left
        // to itself the bundler splits off each part the lazy chunks share with it, and each file
        // costs the first visit a request and about 1 KiB of response headers.
        codeSplitting: { groups: [{ name: "shell", tags: ["$initial"] }] },
      },
    },
  },
  server: {
    port: Number(process.env.VITE_PORT ?? 5173),
    proxy: { "/api": apiTarget, "/dmz-api": apiTarget },
  },
});
