/**
 * /api/tenant: the tenants resource, for the super-admin only (role matrix row `tenants`).
 * Tenant 1 (system) cannot be changed or deleted; a tenant that still has users or data cannot
 * be deleted either.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { PROTECTED_MAX_ID } from "../../../../contract/constants";
import { isForeignKeyViolation, isUniqueViolation } from "../../../db/connection";
import { HttpError } from "../../../errors";
import { messages, tenantNameTaken, tenantNotEmpty } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { restrictTo } from "../../../plugins/requireRole";
import { listQuerystringFor } from "../listQuery";
import { listAnswer, MessageAnswer } from "../../../../contract/schemas/answers";
import { type TenantBody, tenantBody, TenantSchema } from "../../../../contract/schemas/tenants";
import { tenantIdParams } from "./schemas";
import {
  deleteTenant,
  findTenant,
  findTenantNamed,
  insertTenant,
  listTenants,
  type TenantFields,
  tenantHoldsData,
  updateTenant,
  tenantList
} from "./tenants.repository";
import { IRREGULAR_PATHS } from "../../../../contract/paths";
import { routeFolder } from "../routeFolder";

export const tenantRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, "tenants");

  app.get(
    IRREGULAR_PATHS.tenants.list,
    { schema: { querystring: listQuerystringFor(tenantList), response: { 200: listAnswer(TenantSchema) } } },
    (request) => listTenants(app.db, request.query),
  );

  app.post(
    IRREGULAR_PATHS.tenants.create,
    { config: { audit: "tenants.create" }, schema: { body: tenantBody, response: { 200: TenantSchema } } },
    async (request) => {
      const fields = tenantFields(request.body);
      await refuseDuplicate(fields.name);
      return withDuplicateCheck(fields.name, () =>
        audited(request, app.db, (trx) => insertTenant(trx, fields), (tenant) => ({ tenantId: tenant.id, target: tenant.id, targetLabel: tenant.name })),
      );
    },
  );

  app.put(
    "/:id",
    { config: { audit: "tenants.update" }, schema: { params: tenantIdParams, body: tenantBody, response: { 200: TenantSchema } } },
    async (request) => {
      const { id } = request.params;
      refuseProtected(id);
      const fields = tenantFields(request.body);
      if (!(await findTenant(app.db, id))) throw new HttpError(404, messages.tenantNotFound);
      await refuseDuplicate(fields.name, id);
      const updated = await withDuplicateCheck(fields.name, () =>
        audited(request, app.db, (trx) => updateTenant(trx, id, fields), (tenant) => tenant && { tenantId: id, target: id, targetLabel: tenant.name }),
      );
      if (!updated) throw new HttpError(404, messages.tenantNotFound);
      return updated;
    },
  );

  app.delete(
    "/:id",
    { config: { audit: "tenants.delete" }, schema: { params: tenantIdParams, response: { 200: MessageAnswer } } },
    async (request) => {
      const { id } = request.params;
      refuseProtected(id);
      const tenant = await findTenant(app.db, id);
      if (!tenant) throw new HttpError(404, messages.tenantNotFound);
      if (await tenantHoldsData(app.db, id)) throw new HttpError(409, tenantNotEmpty(tenant.name));
      try {
        await audited(request, app.db, (trx) => deleteTenant(trx, id), () => ({ tenantId: id, target: id, targetLabel: tenant.name }));
      } catch (error) {
        // A user or setting added since the check: the foreign keys keep the tenant.
        if (isForeignKeyViolation(error)) throw new HttpError(409, tenantNotEmpty(tenant.name));
        throw error;
      }
      return { message: messages.tenantDeleted };
    },
  );

  async function refuseDuplicate(name: string, exceptId?: number): Promise<void> {
    if (await findTenantNamed(app.db, name, exceptId)) throw new HttpError(409, tenantNameTaken(name));
  }
};

function refuseProtected(id: number): void {
  if (id <= PROTECTED_MAX_ID) throw new HttpError(403, messages.tenantProtected);
}

/** Trimmed; a blank description is stored as none. */
function tenantFields(body: TenantBody): TenantFields {
  const name = body.name?.trim() ?? "";
  if (!name) throw new HttpError(400, messages.tenantNameRequired, { name: messages.tenantNameRequired });
  const description = body.description?.trim() || null;
  return { name, description };
}

/** Two requests creating the same name at once: the second meets the unique index. */
async function withDuplicateCheck<T>(name: string, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, tenantNameTaken(name));
    throw error;
  }
}

export default routeFolder({ routes: tenantRoutes });
