/**
 * One customer at a time, beside the list at /api/smartbill/customer, for the customer's page and
 * its forms:
 *
 *   GET    /:id   the customer (404 when the tenant has none with that id)
 *   POST   /      the customer's fields → 201 the customer added
 *   PUT    /:id   the customer's fields → the customer saved
 *   DELETE /:id   → 204; 409 while invoices are made out to it (naming how many)
 *
 * The customer is answered with `anaf`, ANAF's last known state of its CUI (never asked here:
 * server/anaf keeps what 'Completează din ANAF' and the checks read), null when there is none.
 *
 * The fields are checked exactly as an imported row (validation.ts): the same rules, the same
 * Romanian reasons, answered as 400 `{message, errors}` with each reason at its field; a code
 * is unique in the tenant as for the import (409, at the field). Each change is checked, written,
 * queued for the text index and recorded in the audit log in one transaction; the text index
 * then catches up behind the answer, as after an import (customerSearch.ts).
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely } from "kysely";
import { Type } from "typebox";
import { CUSTOMER_COLUMNS, type Customer, type CustomerFields, type CustomerRecord } from "../../../../contract/api";
import { cuiOf } from "../../../../contract/cif";
import { CustomerBody, CustomerRecordSchema } from "../../../../contract/schemas/customers";
import { lastKnownStates } from "../../../anaf";
import { isUniqueViolation } from "../../../db/connection";
import type { Database } from "../../../db/database";
import { HttpError } from "../../../errors";
import { customerMessages } from "../../../messages";
import { idParams } from "../params";
import { codeTaken, deleteCustomer, findCustomer, insertCustomer, invoiceCountOf, updateCustomer } from "./customers.repository";
import { checkCustomerRow, problemsByField } from "./validation";

type SentFields = Partial<Record<keyof CustomerFields, string | null>>;

/** The sent fields as the import's checks read a row's cells; refused (400) as they refuse it. */
function checkedFields(sent: SentFields): CustomerFields {
  const check = checkCustomerRow(Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, sent[column] ?? ""])) as Record<keyof CustomerFields, string>);
  if (!check.ok) throw new HttpError(400, check.reason, problemsByField(check.problems));
  return check.fields;
}

const codeRefusal = (codClient: string) => {
  const message = customerMessages.codeTaken(codClient);
  return new HttpError(409, message, { codClient: message });
};

async function found(db: Kysely<Database>, tenantId: number, id: number): Promise<Customer> {
  const customer = await findCustomer(db, tenantId, id);
  if (!customer) throw new HttpError(404, customerMessages.notFound);
  return customer;
}

/** The customer with ANAF's last known state of its CUI, from the kept answers only. */
async function withAnafState(db: Kysely<Database>, customer: Customer): Promise<CustomerRecord> {
  const cui = cuiOf(customer.cif);
  const anaf = cui === null ? undefined : (await lastKnownStates(db, [cui])).get(cui);
  return { ...customer, anaf: anaf ?? null };
}

/** A write, with the database's own refusal of a taken code (two clerks at once) said as the check says it. */
async function writing<R>(fields: CustomerFields, write: () => Promise<R>): Promise<R> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw codeRefusal(fields.codClient);
    throw error;
  }
}

export const customerRecordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const params = idParams("id");
  const wakeIndexer = () => app.customerIndexer?.wake();

  app.get("/:id", { schema: { params, response: { 200: CustomerRecordSchema } } }, async (request) =>
    withAnafState(app.db, await found(app.db, request.tenantId, request.params.id)),
  );

  app.post(
    "/",
    { config: { audit: "customers.create" }, schema: { body: CustomerBody, response: { 201: CustomerRecordSchema } } },
    async (request, reply) => {
      const { tenantId } = request;
      const fields = checkedFields(request.body as SentFields);
      const created = await writing(fields, () =>
        app.db.transaction().execute(async (trx) => {
          if (await codeTaken(trx, tenantId, fields.codClient)) throw codeRefusal(fields.codClient);
          const id = await insertCustomer(trx, tenantId, fields);
          await request.audit(trx, { target: id, targetLabel: fields.clientName });
          return found(trx, tenantId, id);
        }),
      );
      wakeIndexer();
      return reply.code(201).send(await withAnafState(app.db, created));
    },
  );

  app.put(
    "/:id",
    { config: { audit: "customers.update" }, schema: { params, body: CustomerBody, response: { 200: CustomerRecordSchema } } },
    async (request) => {
      const { tenantId } = request;
      const { id } = request.params;
      // Another tenant's id is not found before its fields are looked at.
      await found(app.db, tenantId, id);
      const fields = checkedFields(request.body as SentFields);
      const saved = await writing(fields, () =>
        app.db.transaction().execute(async (trx) => {
          await found(trx, tenantId, id);
          if (await codeTaken(trx, tenantId, fields.codClient, id)) throw codeRefusal(fields.codClient);
          await updateCustomer(trx, tenantId, id, fields);
          await request.audit(trx, { target: id, targetLabel: fields.clientName });
          return found(trx, tenantId, id);
        }),
      );
      wakeIndexer();
      return withAnafState(app.db, saved);
    },
  );

  const deleted = { 204: Type.Null({ description: "deleted: no content" }) };
  app.delete("/:id", { config: { audit: "customers.delete" }, schema: { params, response: deleted } }, async (request, reply) => {
    const { tenantId } = request;
    const { id } = request.params;
    await app.db.transaction().execute(async (trx) => {
      const customer = await found(trx, tenantId, id);
      const invoices = await invoiceCountOf(trx, tenantId, id);
      if (invoices > 0) throw new HttpError(409, customerMessages.inUse(invoices));
      await deleteCustomer(trx, tenantId, id);
      await request.audit(trx, { target: id, targetLabel: customer.clientName });
    });
    return reply.code(204).send(null);
  });
};
