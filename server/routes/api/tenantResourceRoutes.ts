/**
 * The routes of a plain tenant-scoped resource, speaking the list protocol (listQuery.ts) with no
 * adapter code of its own. Mounted at `/api/<resource>` (routes/api/index.ts), it answers:
 *
 *   GET    /      the list: ?page&size&sort&q&id&<filter> → array, or { content, totalElements } when paged
 *   GET    /:id   one record (404 when the tenant has none with that id)
 *   POST   /      the resource's fields → the record created
 *   PUT    /:id   the resource's fields → the record saved
 *   DELETE /:id   → the record deleted
 *
 * Every query is scoped by the request's tenant, the role matrix row guards every route, each
 * change is recorded in the audit log as `<resource>.create|update|delete` in its transaction, and the
 * body is checked by the resource's schema (read-only fields the client sends back, `id` and the
 * timestamps, are accepted and ignored: react-admin's edit form sends the whole record). Every
 * answer is serialised through a record schema built from `columns` and the body's schema (see
 * `recordSchema`), which the API document (/api/docs) shows.
 *
 *   export const productRoutes = tenantResourceRoutes({
 *     table: "products",
 *     resource: "products",
 *     columns: ["id", "code", "name", "unit", "price"],
 *     body: productBody,
 *     list: { searchable: ["products.code", "products.name"] },
 *     messages: { notFound: messages.productNotFound, duplicate: messages.productCodeTaken },
 *   });
 *
 * A resource with rules of its own (a state machine, an import) writes its routes by hand with
 * the same listQuery helpers instead.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely, SelectQueryBuilder } from "kysely";
import { Type } from "typebox";
import type { ResourceName } from "../../../contract/roles";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/connection";
import type { Database } from "../../db/database";
import { timestamp } from "../../db/timestamps";
import { HttpError } from "../../errors";
import { isAuditAction } from "../../../contract/auditActions";
import { messages as serverMessages } from "../../messages";
import { restrictTo } from "../../plugins/requireRole";
import { listAnswer, Timestamp } from "../../../contract/schemas/answers";
import { type ListSpec, listQuerystringFor, runList } from "./listQuery";
import { idParams } from "./params";

/** Tables of `DB` holding a tenant's rows by an integer id, with the house's timestamps. */
export type TenantTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { tenantId: number; createdAt: string; updatedAt: string }
    ? "id" extends keyof DB[T]
      ? T
      : never
    : never;
}[keyof DB & string];

type ColumnOf<DB, T extends keyof DB> = keyof DB[T] & string;

/** The JSON schema of the fields a client writes (POST and PUT), strict. */
export interface FieldsSchema<Column extends string> {
  type: "object";
  properties: Partial<Record<Column, object>>;
  required?: readonly Column[];
}

export interface TenantResource<DB, T extends TenantTable<DB>> {
  /** The table, which has `id`, `tenantId`, `createdAt` and `updatedAt`. */
  table: T;
  /** The role matrix row (contract/roles.ts) that may use every route. */
  resource: ResourceName;
  /** The columns a record is answered with, `id` among them. */
  columns: readonly ColumnOf<DB, T>[];
  /** The writable fields. */
  body: FieldsSchema<ColumnOf<DB, T>>;
  /**
   * How the list sorts and searches; by default every answered column sorts, `q` looks
   * nowhere, and the order is by id. Columns here are `table.column`.
   */
  list?: Partial<ListSpec>;
  /**
   * The checked body turned into the row's fields (trimming, a rule JSON Schema cannot say:
   * throw HttpError 400). By default the body as sent.
   */
  toRow?: (body: Partial<Record<ColumnOf<DB, T>, unknown>>) => Partial<Record<ColumnOf<DB, T>, unknown>>;
  /**
   * A stored row turned into the record answered (e.g. a 0/1 flag as a boolean: flags are
   * integers on both dialects). By default the row as read. `toRow` writes it back.
   */
  toRecord?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** Sentences of server/messages.ts: a missing record, a duplicate (unique index), a record still referred to. */
  messages?: { notFound?: string; duplicate?: string; inUse?: string };
  /** The column that names a record in the audit log (e.g. `name`); by default only its id. */
  label?: ColumnOf<DB, T>;
}

/**
 * The answers' record: each of `columns`, the house's own (`id`, `tenantId`, the timestamps) as
 * they always are, a writable field as the body's schema types it, and any other column untyped
 * (written as it is read). A writable field that is not `required` may be stored as null, and a
 * serialiser told "number" writes null as 0 (and "string" as ""): its type also admits null.
 */
export function recordSchema<Column extends string>(columns: readonly Column[], body: FieldsSchema<Column>) {
  const required = new Set<string>(body.required ?? []);
  const house: Record<string, object> = {
    id: Type.Integer(),
    tenantId: Type.Integer(),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  };
  const answerOf = (column: Column): object => {
    if (Object.hasOwn(house, column)) return house[column];
    const field: { type?: unknown } | undefined = body.properties[column];
    if (!field || field.type === undefined || required.has(column)) return field ?? {};
    const types = [field.type].flat();
    return types.includes("null") ? field : { ...field, type: [...types, "null"] };
  };
  return Type.Unsafe<Record<Column, unknown>>({
    type: "object",
    properties: Object.fromEntries(columns.map((column) => [column, answerOf(column)])),
    required: [...columns],
  });
}

/** Sent back by react-admin with the record, never written. */
const READ_ONLY = ["id", "tenantId", "createdAt", "updatedAt"] as const;
/** The unpaged list answers at most this many, as the other lists; more asks for pages. */
const MAX_UNPAGED = 10_000;

export function tenantResourceRoutes<DB = Database, T extends TenantTable<DB> = TenantTable<DB>>(
  definition: TenantResource<DB, T>,
): FastifyPluginAsyncTypebox {
  const { table, resource, columns } = definition;
  const notFound = definition.messages?.notFound ?? serverMessages.notFound;
  const selected = columns.map((column) => `${table}.${column}`);
  const list: ListSpec = {
    sortable: Object.fromEntries(columns.map((column) => [column, `${table}.${column}`])),
    searchable: [],
    defaultOrder: [`${table}.id`],
    maxUnpaged: MAX_UNPAGED,
    ...definition.list,
  };
  const body = {
    ...definition.body,
    additionalProperties: false,
    properties: { ...Object.fromEntries(READ_ONLY.map((name) => [name, {}])), ...definition.body.properties },
  };
  const record = recordSchema(columns, definition.body);
  const answers = { response: { 200: record } };
  const toRow = definition.toRow ?? ((fields) => fields);
  const toRecord = definition.toRecord ?? ((row) => row);
  const writable = (sent: Record<string, unknown>) => {
    const fields: Record<string, unknown> = { ...sent };
    for (const name of READ_ONLY) if (!Object.hasOwn(definition.body.properties, name)) delete fields[name];
    return toRow(fields as Partial<Record<ColumnOf<DB, T>, unknown>>) as Record<string, unknown>;
  };

  const auditOf = (verb: "create" | "update" | "delete") => {
    const action = `${resource}.${verb}`;
    if (!isAuditAction(action)) throw new Error(`${action} is not an audit action (contract/auditActions.ts)`);
    return { config: { audit: action } };
  };
  const labelOf = (record: Record<string, unknown>) => (definition.label ? String(record[definition.label] ?? "") : null);

  return async (app) => {
    // Kysely cannot follow a table chosen by a type parameter; the definition's types keep the
    // names right, and the queries below use only id, tenantId and the timestamps.
    const db = app.db as unknown as Kysely<any>;
    /** A record as the queries below select it: the columns answered. */
    type Row = Record<ColumnOf<DB, T>, unknown>;
    const name: string = table;
    const scoped = (tenantId: number, from: Kysely<any> = db) => from.selectFrom(name).where(`${name}.tenantId`, "=", tenantId);
    const findOne = async (from: Kysely<any>, tenantId: number, id: number) => {
      const row = await scoped(tenantId, from).select(selected).where(`${name}.id`, "=", id).executeTakeFirst();
      return row && (toRecord(row) as Row);
    };
    const writing = async <R>(write: () => Promise<R>): Promise<R> => {
      try {
        return await write();
      } catch (error) {
        if (definition.messages?.duplicate && isUniqueViolation(error)) throw new HttpError(409, definition.messages.duplicate);
        if (definition.messages?.inUse && isForeignKeyViolation(error)) throw new HttpError(409, definition.messages.inUse);
        throw error;
      }
    };
    const found = <R>(record: R | undefined): R => {
      if (!record) throw new HttpError(404, notFound);
      return record;
    };

    restrictTo(app, resource);

    app.get(
      "/",
      { schema: { querystring: listQuerystringFor(list), response: { 200: listAnswer(record) } } },
      (request) =>
        runList(
          scoped(request.tenantId) as SelectQueryBuilder<any, any, {}>,
          request.query,
          list,
          (query) => query.select(selected),
          (rows) => rows.map(toRecord) as Row[],
        ),
    );

    app.get<{ Params: { id: number } }>("/:id", { schema: { params: idParams("id"), ...answers } }, async (request) =>
      found(await findOne(db, request.tenantId, request.params.id)),
    );

    app.post<{ Body: Record<string, unknown> }>("/", { ...auditOf("create"), schema: { body, ...answers } }, async (request) => {
      const now = timestamp();
      const row = { ...writable(request.body), tenantId: request.tenantId, createdAt: now, updatedAt: now };
      return writing(() =>
        db.transaction().execute(async (trx) => {
          const { id } = await trx.insertInto(name).values(row).returning("id").executeTakeFirstOrThrow();
          const record = found(await findOne(trx, request.tenantId, id));
          await request.audit(trx as unknown as Kysely<Database>, { target: id, targetLabel: labelOf(record) });
          return record;
        }),
      );
    });

    app.put<{ Params: { id: number }; Body: Record<string, unknown> }>(
      "/:id",
      { ...auditOf("update"), schema: { params: idParams("id"), body, ...answers } },
      async (request) => {
        const { tenantId, params } = request;
        return writing(() =>
          db.transaction().execute(async (trx) => {
            const changed = await trx
              .updateTable(name)
              .set({ ...writable(request.body), updatedAt: timestamp() })
              .where("tenantId", "=", tenantId)
              .where("id", "=", params.id)
              .executeTakeFirst();
            if (changed.numUpdatedRows === 0n) throw new HttpError(404, notFound);
            const record = found(await findOne(trx, tenantId, params.id));
            await request.audit(trx as unknown as Kysely<Database>, { target: params.id, targetLabel: labelOf(record) });
            return record;
          }),
        );
      },
    );

    app.delete<{ Params: { id: number } }>(
      "/:id",
      { ...auditOf("delete"), schema: { params: idParams("id"), ...answers } },
      async (request) => {
        const { tenantId, params } = request;
        return writing(() =>
          db.transaction().execute(async (trx) => {
            const record = found(await findOne(trx, tenantId, params.id));
            await trx.deleteFrom(name).where("tenantId", "=", tenantId).where("id", "=", params.id).execute();
            await request.audit(trx as unknown as Kysely<Database>, { target: params.id, targetLabel: labelOf(record) });
            return record;
          }),
        );
      },
    );
  };
}
