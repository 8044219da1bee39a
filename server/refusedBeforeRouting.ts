/**
 * Requests Fastify refuses before routing (a malformed %-escape in the address, a bad
 * Content-Type): the product's answer, in Romanian and with the security headers, rather than
 * Fastify's English one repeating the address. Fastify's `frameworkErrors` option; no hook runs
 * for such a request, so the security headers are added here.
 */
import type { FastifyReply, FastifyRequest, FastifyServerOptions } from "fastify";
import { messages } from "./messages";
import { withSecurityHeaders } from "./plugins/securityHeaders";

export function refusedBeforeRouting(appUrl: string | undefined): NonNullable<FastifyServerOptions["frameworkErrors"]> {
  const addSecurityHeaders = withSecurityHeaders(appUrl);
  return (error, request, reply) => {
    addSecurityHeaders(request as FastifyRequest, reply as FastifyReply);
    request.log.info({ code: error.code }, "request refused before routing");
    void (reply as FastifyReply).code(400).send({ message: messages.badRequest });
  };
}
