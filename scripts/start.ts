/** `npm start`: builds the UI when dist/ is missing or stale, then serves UI + API on one port. */
import { buildUiIfNeeded } from "./uiBuild";

buildUiIfNeeded();
const { loadConfig } = await import("../server/config");
const { startServer } = await import("../server/server");
await startServer(loadConfig());
