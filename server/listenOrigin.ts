/**
 * The origin `npm start` prints for a browser on this machine: the address the server listens on.
 * Not `localhost` for a loopback-only bind: `localhost` may resolve to ::1 first, where nothing
 * listens, and not every client tries the next address. Every IPv4 interface (0.0.0.0) includes
 * 127.0.0.1; every interface of both families (::) includes both loopbacks, so `localhost` works.
 */
import { isIP } from "node:net";

export function listenOrigin(host: string, port: number): string {
  if (host === "0.0.0.0") return `http://127.0.0.1:${port}`;
  if (host === "::") return `http://localhost:${port}`;
  return `http://${isIP(host) === 6 ? `[${host}]` : host}:${port}`;
}
