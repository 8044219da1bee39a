/**
 * /api/property: the settings of the request's tenant ('Configurare parametrii'), for admins
 * and super-admins (role matrix row `properties`). Secret values (names with password, token or
 * secret) leave the server masked, in every answer; the stored value stays whole. A new
 * smartbill.url must be an address the SmartBill client may call (`app.smartBillUrls`).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyInstance } from "fastify";
import type { Property } from "../../../../contract/api";
import { isSecretName, maskSecret } from "../../../../contract/maskSecret";
import { isUniqueViolation } from "../../../db/connection";
import { HttpError } from "../../../errors";
import { messages, propertyNameTaken, smartBillUrlRule } from "../../../messages";
import { audited } from "../../../plugins/audit";
import { restrictTo } from "../../../plugins/requireRole";
import { SMARTBILL_SETTINGS } from "../../../smartbill/client";
import { emailSettingProblem } from "../invoices/invoiceEmail";
import { listAnswer, MessageAnswer } from "../../../../contract/schemas/answers";
import { listQuerystringFor } from "../listQuery";
import {
  deleteProperty,
  findProperty,
  findPropertyNamed,
  insertProperty,
  listProperties,
  updateProperty,
  propertyList
} from "./properties.repository";
import { PROPERTY_NAME_PATTERN, propertyBody, PropertySchema, propertyValueBody } from "../../../../contract/schemas/properties";
import { propertyNameParams } from "./schemas";
import { IRREGULAR_PATHS } from "../../../../contract/paths";
import { routeFolder } from "../routeFolder";

export const propertyRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // onRequest: a caller without the role is refused before the body is even read.
  restrictTo(app, "properties");

  app.get(
    IRREGULAR_PATHS.properties.list,
    { schema: { querystring: listQuerystringFor(propertyList), response: { 200: listAnswer(PropertySchema) } } },
    (request) => listProperties(app.db, request.tenantId, request.query, masked),
  );

  app.post(
    IRREGULAR_PATHS.properties.create,
    { config: { audit: "properties.create" }, schema: { body: propertyBody, response: { 200: PropertySchema } } },
    async (request) => {
      const name = request.body.name?.trim() ?? "";
      const value = request.body.value?.trim() ?? "";
      if (!name || !value) throw new HttpError(400, messages.propertyFieldsRequired);
      if (!PROPERTY_NAME_PATTERN.test(name)) {
        throw new HttpError(400, messages.propertyNameInvalid, { name: messages.propertyNameInvalid });
      }
      checkSmartBillUrl(app, name, value);
      checkEmailSetting(name, value);
      const existing = await findPropertyNamed(app.db, request.tenantId, name);
      if (existing) throw new HttpError(409, propertyNameTaken(existing.name));
      try {
        // The value is never in the log: some settings are secrets.
        await audited(request, app.db, (trx) => insertProperty(trx, request.tenantId, { name, value }), () => ({ target: name }));
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, propertyNameTaken(name));
        throw error;
      }
      return masked({ name, value });
    },
  );

  app.put(
    `${IRREGULAR_PATHS.properties.one}/:name`,
    { config: { audit: "properties.update" }, schema: { params: propertyNameParams, body: propertyValueBody, response: { 200: PropertySchema } } },
    async (request) => {
      const { name } = request.params;
      const value = request.body.value?.trim() ?? "";
      if (!value) throw new HttpError(400, messages.propertyFieldsRequired, { value: messages.propertyFieldsRequired });
      checkSmartBillUrl(app, name, value);
      checkEmailSetting(name, value);
      const current = await findProperty(app.db, request.tenantId, name);
      if (!current) throw new HttpError(404, messages.propertyNotFound);
      // The edit form shows a secret masked: saved back unchanged, the mask must not replace
      // the secret it hides.
      const unchangedSecret = isSecretName(name) && value === maskSecret(name, current.value);
      const stored = unchangedSecret ? current.value : value;
      const updated = await audited(
        request,
        app.db,
        (trx) => updateProperty(trx, request.tenantId, name, stored),
        (found) => (found ? { target: name } : undefined),
      );
      if (!updated) {
        throw new HttpError(404, messages.propertyNotFound);
      }
      return masked({ name, value: stored });
    },
  );

  app.delete(
    `${IRREGULAR_PATHS.properties.one}/:name`,
    { config: { audit: "properties.delete" }, schema: { params: propertyNameParams, response: { 200: MessageAnswer } } },
    async (request) => {
      const { name } = request.params;
      const deleted = await audited(
        request,
        app.db,
        (trx) => deleteProperty(trx, request.tenantId, name),
        (found) => (found ? { target: name } : undefined),
      );
      if (!deleted) {
        throw new HttpError(404, messages.propertyNotFound);
      }
      return { message: messages.propertyDeleted };
    },
  );
};

/** The SmartBill client would refuse to call it anyway; saying so now spares a failed send later. */
function checkSmartBillUrl(app: FastifyInstance, name: string, value: string): void {
  if (name !== SMARTBILL_SETTINGS.url || app.smartBillUrls.allowsBaseUrl(value)) return;
  const message = smartBillUrlRule(app.smartBillUrls.allowed());
  throw new HttpError(400, message, { value: message });
}

/** The invoice e-mail's subject and cc are header fields: refused as the e-mail form would refuse them. */
function checkEmailSetting(name: string, value: string): void {
  const problem = emailSettingProblem(name, value);
  if (problem) throw new HttpError(400, problem, { value: problem });
}

function masked({ name, value }: Property): Property {
  return { name, value: maskSecret(name, value) };
}

export default routeFolder({ routes: propertyRoutes });
