/**
 * Which addresses the SmartBill client may call. `smartbill.url` is a tenant setting, so an
 * admin of any tenant chooses it: left open, it would let them make this server call its own
 * loopback services or the internal network and read the answers back in error messages. So
 * the client calls only
 *
 * - `https://` on a host of SMARTBILL_ALLOWED_HOSTS (default ws.smartbill.ro; a host without a
 *   port allows only the default port), and
 * - in demo mode, this server's own emulator: http or https on a loopback name, on the port
 *   this server is listening on right now, under the emulator's API path,
 *
 * never with a user name or password in the address, and a stored base address never with a
 * query or a fragment: `http://host/page#` would turn the path the client appends into a
 * fragment, and `?` into a query, so the request would go to `/page` itself. Paths are judged
 * after `new URL` has normalised them (`/smartbill-emulator/SBORO/api/../../x` is `/x`), on the
 * very URL object that is then fetched.
 */

/** SmartBill's API host, the only one allowed unless SMARTBILL_ALLOWED_HOSTS says otherwise. */
export const DEFAULT_SMARTBILL_ALLOWED_HOSTS: readonly string[] = ["ws.smartbill.ro"];

/** The names that reach this machine itself, as `URL.hostname` writes them. */
const LOOPBACK_HOSTNAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);

export interface SmartBillUrlPolicy {
  /** A base address (a stored `smartbill.url`) the client may use. */
  allowsBaseUrl(value: string): boolean;
  /** A request the client is about to send; its query is the client's own. */
  allowsRequest(url: URL): boolean;
  /** What is allowed, for the message that refuses the rest. */
  allowed(): AllowedSmartBillUrls;
}

export interface AllowedSmartBillUrls {
  /** SMARTBILL_ALLOWED_HOSTS, as `host` or `host:port`. */
  hosts: readonly string[];
  /** The emulator's API address, in demo mode while the server is listening. */
  emulatorUrl: string | undefined;
}

export interface EmulatorAddress {
  /** Where the emulator's API answers, e.g. /smartbill-emulator/SBORO/api. */
  apiPath: string;
  /** The port this server listens on (reachable over loopback), undefined while it does not listen. */
  port(): number | undefined;
}

export interface SmartBillUrlPolicyOptions {
  /** `host` or `host:port` entries (see `normalizedAllowedHost`). */
  allowedHosts: readonly string[];
  /** Demo mode: the built-in emulator is allowed too. */
  emulator?: EmulatorAddress;
}

export function smartBillUrlPolicy(options: SmartBillUrlPolicyOptions): SmartBillUrlPolicy {
  const hosts = options.allowedHosts.map((entry) => {
    const host = normalizedAllowedHost(entry);
    if (host === undefined) throw new Error(`not a host or host:port: "${entry}"`);
    return host;
  });
  const allowedHosts = new Set(hosts);
  const { emulator } = options;

  const isEmulator = (url: URL) => {
    const port = emulator?.port();
    if (!emulator || port === undefined) return false;
    return (
      (url.protocol === "http:" || url.protocol === "https:") &&
      LOOPBACK_HOSTNAMES.has(url.hostname) &&
      effectivePort(url) === port &&
      (url.pathname === emulator.apiPath || url.pathname.startsWith(`${emulator.apiPath}/`))
    );
  };

  const allowsRequest = (url: URL) => {
    if (url.username || url.password || url.href.includes("#")) return false;
    if (url.protocol === "https:" && allowedHosts.has(url.host)) return true;
    return isEmulator(url);
  };

  return {
    allowsRequest,
    allowsBaseUrl(value) {
      if (/[?#]/.test(value)) return false;
      const url = parsed(value);
      return url !== undefined && allowsRequest(url);
    },
    allowed() {
      const port = emulator?.port();
      return {
        hosts,
        emulatorUrl: emulator && port !== undefined ? `http://127.0.0.1:${port}${emulator.apiPath}` : undefined,
      };
    },
  };
}

/**
 * An entry of SMARTBILL_ALLOWED_HOSTS (`host` or `host:port`) as `URL.host` writes it: lower
 * case, international names in punycode, the default port 443 dropped. Undefined when it is
 * anything else (a scheme, a path, a user name, a wildcard, an empty port).
 */
export function normalizedAllowedHost(entry: string): string | undefined {
  if (!entry || /[\s/\\@?#*%]|:$/.test(entry)) return undefined;
  const url = parsed(`https://${entry}`);
  if (!url || url.username || url.password || url.pathname !== "/" || url.search || url.hash) return undefined;
  return url.host || undefined;
}

function parsed(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

function effectivePort(url: URL): number {
  if (url.port) return Number(url.port);
  return url.protocol === "https:" ? 443 : 80;
}
