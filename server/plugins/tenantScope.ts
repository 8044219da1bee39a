/**
 * Which tenant's data a request works on. The client sends `X-Tenant-ID` with every call; it
 * must be the caller's own tenant unless the caller is a super-admin, who may act on any tenant.
 * Without the header, the caller's own tenant. Routes scope every query by `request.tenantId`.
 */
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { TENANT_HEADER } from "../../contract/constants";
import { isSuperadmin } from "../../contract/roles";
import { HttpError } from "../errors";
import { messages } from "../messages";

declare module "fastify" {
  interface FastifyInstance {
    /** onRequest hook, after `authenticate`. */
    resolveTenant: (request: FastifyRequest) => Promise<void>;
  }
  interface FastifyRequest {
    tenantId: number;
  }
}

export const tenantScopePlugin = fp(
  async (app) => {
    app.decorateRequest("tenantId", 0);
    app.decorate("resolveTenant", async (request: FastifyRequest) => {
      const own = request.user.tenant.id;
      const header = request.headers[TENANT_HEADER.toLowerCase()];
      if (header === undefined || header === "") {
        request.tenantId = own;
        return;
      }
      if (typeof header !== "string" || !/^[1-9]\d{0,9}$/.test(header.trim())) {
        throw new HttpError(400, messages.tenantHeaderInvalid);
      }
      const requested = Number(header.trim());
      if (requested !== own && !isSuperadmin(request.user.roles)) {
        throw new HttpError(403, messages.tenantForbidden);
      }
      request.tenantId = requested;
    });
  },
  { name: "tenantScope", dependencies: ["auth"] },
);
