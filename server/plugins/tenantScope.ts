/**
 * Which tenant's data a request works on. The client sends `X-Tenant-ID` with every call; it
 * must be the caller's own tenant unless the caller is a super-admin, who may act on any tenant
 * that exists (one that does not is a 404 here, on every route, rather than an empty list on a
 * read and a foreign-key 500 on a write). Without the header, the caller's own tenant. Routes
 * scope every query by `request.tenantId`.
 */
import type { FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { TENANT_HEADER } from "../../contract/constants";
import { isSuperadmin } from "../../contract/roles";
import { HttpError } from "../errors";
import { messages } from "../messages";
import { MAX_ID } from "../../contract/schemas/ids";
import { findTenant } from "../routes/api/tenants/tenants.repository";

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
      const requested = typeof header === "string" && /^[1-9]\d{0,9}$/.test(header.trim()) ? Number(header.trim()) : NaN;
      if (!(requested <= MAX_ID)) throw new HttpError(400, messages.tenantHeaderInvalid);
      if (requested !== own) {
        if (!isSuperadmin(request.user.roles)) throw new HttpError(403, messages.tenantForbidden);
        if (!(await findTenant(app.db, requested))) throw new HttpError(404, messages.tenantNotFound);
      }
      request.tenantId = requested;
    });
  },
  { name: "tenantScope", dependencies: ["auth", "db"] },
);
