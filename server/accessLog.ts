/**
 * One access-log line per request, written when it is answered: what was asked (method, address,
 * client), the answer's status and how long it took. Fastify's default writes two (one on
 * arrival, one on answer), which under load is twice the writes for the same facts.
 * `accessLogger` is Fastify's logger option for it: JSON lines at LOG_LEVEL, the address's
 * tokens redacted.
 */
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";
import { API_PATHS } from "../contract/paths";

export class AccessLog extends LogController {
  override incomingRequest(): void {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    const line = { req: request, res: reply, responseTime: reply.elapsedTime };
    if (error) reply.log.error({ ...line, err: error }, "request errored");
    else reply.log.info(line, "request completed");
  }
}

/** Fastify's logger: JSON lines at `level`, each request as its method, address and client. */
export function accessLogger(level: string) {
  return {
    level,
    // Set/reset-password links are opened as pages; their token must not land in access logs.
    serializers: {
      req: (request: FastifyRequest) => ({
        method: request.method,
        url: redactTokens(request.url),
        remoteAddress: request.ip,
      }),
    },
  };
}

export function redactTokens(url: string): string {
  const redacted = url.replace(/([?&]token=)[^&#]*/gi, "$1[redacted]");
  // ANAF's authorisation code and its state arrive in the e-Factura callback's address: neither belongs in a log.
  return redacted.startsWith(`${API_PATHS.efacturaCallback}?`) ? redacted.replace(/([?&](?:code|state)=)[^&#]*/gi, "$1[redacted]") : redacted;
}
