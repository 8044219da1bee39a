/**
 * A plain tenant-scoped resource, declared once: `tenantResource({ … })` is the default export of
 * its route folder (server/routes/api/<name>/index.ts), and everything else is derived from it —
 * the routes at /api/<name> (contract/paths.ts for an irregular prefix), the role check (the role
 * matrix row `name`, contract/roles.ts), the audit actions `<name>.create|update|delete` (named on
 * screen and in the export from the resource's name in i18n/ro.ts, `resources.<name>.name`), the
 * tenant's data a tenant's deletion looks at, and the generic tests (test/server/plainResources
 * .test.ts). Its routes speak the list protocol (listQuery.ts):
 *
 *   GET    /      the list: ?page&size&sort&q&id&<filter> → array, or { content, totalElements } when paged
 *   GET    /:id   one record (404 when the tenant has none with that id)
 *   POST   /      the resource's fields → the record created
 *   PUT    /:id   the resource's fields → the record saved
 *   DELETE /:id   → the record deleted (409 `messages.inUse` while another table refers to it)
 *
 *   export default tenantResource({
 *     name: "customerCategories",          // folder, role matrix row, words (resources.<name>), audit
 *     // table: "customer_categories",     // by default the name in snake_case
 *     columns: ["id", "name", "code", "description", "active"],
 *     body: customerCategoryBody,          // TypeBox or JSON Schema; its `examples` (two records) feed the generic tests
 *     trimmed: ["name", "code", "description"],   // trimmed before anything else
 *     required: ["name", "code"],          // blank after trimming: refused as missing
 *     flags: ["active"],                   // booleans in JSON, 0/1 in the table (both dialects)
 *     unique: { code: "Există deja o categorie cu acest cod." },   // among the tenant's records: 409
 *     references: { parentId: "customerCategories" },              // must be the same tenant's record: 400
 *     counts: { customerCount: { table: "customers", column: "categoryId" } },   // answered, read only
 *     list: { searchable: ["customer_categories.name", "customer_categories.code"] },
 *     check: async (row, { trx, tenantId, id }) => { … },          // a rule of its own, in the write's transaction
 *     messages: { notFound: "Categoria nu a fost găsită.", inUse: "Categoria are clienți." },
 *     label: "name",                       // what names a record in the audit log
 *   });
 *
 * Every query is scoped by the request's tenant; every change is checked, written and recorded in
 * the audit log in one transaction. The body is checked by `body` (read-only fields the client
 * sends back, `id`, `tenantId` and the timestamps, are accepted and ignored: react-admin's edit
 * form sends the whole record). Every answer is serialised through a record schema built from
 * `columns`, `counts` and the body's schema (see `recordSchema`), which the API document shows.
 *
 * A resource with rules of its own beyond these (a state machine, an import) writes its routes by
 * hand with the same listQuery helpers instead, and default-exports `routeFolder({ routes })`.
 */
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { Kysely, SelectQueryBuilder, Transaction } from "kysely";
import { Type } from "typebox";
import { PLAIN_AUDIT_VERBS, type PlainAuditAction, type PlainAuditVerb } from "../../../contract/auditActions";
import type { ResourceName } from "../../../contract/roles";
import { isForeignKeyViolation, isUniqueViolation } from "../../db/connection";
import type { Database } from "../../db/database";
import { timestamp } from "../../db/timestamps";
import { HttpError } from "../../errors";
import { messages as serverMessages, validationMessages } from "../../messages";
import { restrictTo } from "../../plugins/requireRole";
import { listAnswer, Timestamp } from "../../../contract/schemas/answers";
import { type ListSpec, listQuerystringFor, runList } from "./listQuery";
import { idParams } from "./params";
import type { FieldsSchema, PlainResource } from "./plainResource";
import type { RouteFolder } from "./routeFolder";

/** Tables of `DB` holding a tenant's rows by an integer id, with the house's timestamps. */
export type TenantTable<DB> = {
  [T in keyof DB & string]: DB[T] extends { tenantId: number; createdAt: string; updatedAt: string }
    ? "id" extends keyof DB[T]
      ? T
      : never
    : never;
}[keyof DB & string];

type ColumnOf<DB, T extends keyof DB> = keyof DB[T] & string;

/** What a resource's own rule sees: the write's transaction, the tenant, and the record's id when it is saved. */
export interface WriteContext {
  trx: Transaction<Database>;
  tenantId: number;
  /** The record's id when it is saved (PUT); undefined when it is created. */
  id?: number;
}

/** A count of the rows of another table that refer to a record, answered with it (read only). */
export interface CountOf {
  table: string;
  column: string;
}

export interface TenantResource<DB, T extends TenantTable<DB>> {
  /** The resource: its route folder, its role matrix row, its words' key and its audit actions' subject. */
  name: ResourceName;
  /** The table (`id`, `tenantId`, `createdAt`, `updatedAt`); by default the name in snake_case. */
  table?: T;
  /** The columns a record is answered with, `id` among them. */
  columns: readonly ColumnOf<DB, T>[];
  /** The writable fields. */
  body: FieldsSchema<ColumnOf<DB, T>>;
  /**
   * How the list sorts, searches and filters; by default every answered column sorts, `q` looks
   * nowhere, and the order is by id. Columns here are `table.column`.
   */
  list?: Partial<ListSpec>;
  /** Texts trimmed before anything else looks at them. */
  trimmed?: readonly ColumnOf<DB, T>[];
  /** Texts that may not be blank (after trimming): refused with the sentence of a missing field. */
  required?: readonly ColumnOf<DB, T>[];
  /** Booleans of the JSON, stored 0/1 (every flag is an integer on both dialects). */
  flags?: readonly ColumnOf<DB, T>[];
  /** Columns unique among the tenant's records, each with the sentence of a second record that has its value (409). */
  unique?: Partial<Record<ColumnOf<DB, T>, string>>;
  /** Columns holding the id of another resource's record, which must be the same tenant's (else 400, never stored). */
  references?: Partial<Record<ColumnOf<DB, T>, ResourceName>>;
  /** Counts answered with each record (see CountOf). */
  counts?: Readonly<Record<string, CountOf>>;
  /**
   * The checked, trimmed body turned into the row's fields, for a rule JSON Schema cannot say
   * (throw HttpError 400). By default the body as it is by then.
   */
  toRow?: (body: Partial<Record<ColumnOf<DB, T>, unknown>>) => Partial<Record<ColumnOf<DB, T>, unknown>>;
  /** A stored row turned into the record answered, after the flags and counts. By default as read. */
  toRecord?: (row: Record<string, unknown>) => Record<string, unknown>;
  /** A rule of the resource's own that needs the database: run in the write's transaction, before the write; throw HttpError. */
  check?: (row: Record<string, unknown>, context: WriteContext) => Promise<void>;
  /** Sentences: a missing record (404), a record still referred to (409), a duplicate the database found (409). */
  messages?: { notFound?: string; inUse?: string; duplicate?: string };
  /** The column that names a record in the audit log (e.g. `name`); by default only its id. */
  label?: ColumnOf<DB, T>;
}

/** A name in snake_case, as a type: `customerCategories` → `customer_categories`. */
export type SnakeCase<S extends string> = S extends `${infer Head}${infer Rest}`
  ? `${Head extends Lowercase<Head> ? Head : `_${Lowercase<Head>}`}${SnakeCase<Rest>}`
  : S;

/** A resource's table by the house's rule: the name in snake_case (`customerCategories` → `customer_categories`). */
export const tableOf = (name: string): string => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

/**
 * The answers' record: each of `columns`, the house's own (`id`, `tenantId`, the timestamps) as
 * they always are, a writable field as the body's schema types it, and any other column untyped
 * (written as it is read); then each count. A writable field that is not `required` may be
 * stored as null, and a serialiser told "number" writes null as 0 (and "string" as ""): its type
 * also admits null.
 */
export function recordSchema<Column extends string>(columns: readonly Column[], body: FieldsSchema<Column>, counts: readonly string[] = []) {
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
    properties: {
      ...Object.fromEntries(columns.map((column) => [column, answerOf(column)])),
      ...Object.fromEntries(counts.map((count) => [count, Type.Integer({ minimum: 0, readOnly: true })])),
    },
    required: [...columns, ...counts],
  });
}

/** Sent back by react-admin with the record, never written. */
const READ_ONLY = ["id", "tenantId", "createdAt", "updatedAt"] as const;
/** The unpaged list answers at most this many, as the other lists; more asks for pages. */
const MAX_UNPAGED = 10_000;

/** Declares a plain tenant resource (see above): its route folder's default export. */
export function tenantResource<
  const Name extends ResourceName,
  T extends TenantTable<Database> = Extract<SnakeCase<Name>, TenantTable<Database>>,
>(
  definition: TenantResource<Database, T> & { name: Name },
): RouteFolder & { resource: PlainResource } {
  const table: string = definition.table ?? tableOf(definition.name);
  const resource: PlainResource = {
    name: definition.name,
    table,
    body: definition.body as FieldsSchema<string>,
    required: definition.required ?? [],
    unique: (definition.unique ?? {}) as Record<string, string>,
    references: (definition.references ?? {}) as Record<string, ResourceName>,
    searchable: (definition.list?.searchable ?? []).map((column) => column.slice(column.lastIndexOf(".") + 1)),
    label: definition.label,
    auditActions: PLAIN_AUDIT_VERBS.map((verb) => `${definition.name}.${verb}`),
  };
  return { routes: tenantResourceRoutes(definition, table), resource };
}

function tenantResourceRoutes<DB, T extends TenantTable<DB>>(definition: TenantResource<DB, T>, name: string): FastifyPluginAsyncTypebox {
  const { columns } = definition;
  const notFound = definition.messages?.notFound ?? serverMessages.notFound;
  const selected = columns.map((column) => `${name}.${column}`);
  const list: ListSpec = {
    sortable: Object.fromEntries(columns.map((column) => [column, `${name}.${column}`])),
    searchable: [],
    defaultOrder: [`${name}.id`],
    maxUnpaged: MAX_UNPAGED,
    ...definition.list,
  };
  const countEntries = Object.entries(definition.counts ?? {});
  // What react-admin's edit form sends back with the record and is never written: the house's
  // columns and the counts.
  const readOnly = [...READ_ONLY, ...countEntries.map(([count]) => count)];
  const { examples, ...fields } = definition.body;
  const body = {
    ...fields,
    ...(examples ? { examples: [...examples] } : {}),
    additionalProperties: false,
    properties: { ...Object.fromEntries(readOnly.map((column) => [column, {}])), ...definition.body.properties },
  };
  const record = recordSchema(columns, definition.body, countEntries.map(([count]) => count));
  const answers = { response: { 200: record } };
  const flags: readonly string[] = definition.flags ?? [];
  const trimmed: readonly string[] = definition.trimmed ?? [];
  const required: readonly string[] = definition.required ?? [];
  const unique = Object.entries(definition.unique ?? {}) as [string, string][];
  const references = Object.entries(definition.references ?? {}) as [string, ResourceName][];
  const toRow = definition.toRow ?? ((row) => row);
  const toRecord = (row: Record<string, unknown>) => {
    const record: Record<string, unknown> = { ...row };
    for (const flag of flags) record[flag] = row[flag] === 1 || row[flag] === true;
    for (const [count] of countEntries) record[count] = Number(row[count] ?? 0);
    return definition.toRecord ? definition.toRecord(record) : record;
  };

  /** The body as the row's fields: read-only fields dropped, texts trimmed, blanks refused, flags as 0/1. */
  const writable = (sent: Record<string, unknown>): Record<string, unknown> => {
    const row: Record<string, unknown> = { ...sent };
    for (const column of readOnly) if (!Object.hasOwn(definition.body.properties, column)) delete row[column];
    for (const column of trimmed) if (typeof row[column] === "string") row[column] = (row[column] as string).trim();
    const errors: Record<string, string> = {};
    for (const column of required) {
      if (row[column] === undefined || row[column] === null || row[column] === "") errors[column] = validationMessages.required(`„${column}”`);
    }
    if (Object.keys(errors).length > 0) {
      throw new HttpError(400, `${serverMessages.invalidData}: ${Object.values(errors).join("; ")}.`, errors);
    }
    for (const flag of flags) row[flag] = row[flag] ? 1 : 0;
    return toRow(row as Partial<Record<ColumnOf<DB, T>, unknown>>) as Record<string, unknown>;
  };

  const auditOf = (verb: PlainAuditVerb) => ({ config: { audit: `${definition.name}.${verb}` as PlainAuditAction } });
  const labelOf = (found: Record<string, unknown>) => (definition.label ? String(found[definition.label] ?? "") : null);

  return async (app) => {
    // Kysely cannot follow a table chosen at run time; the definition's types keep the names
    // right, and the queries below use only id, tenantId, the timestamps and declared columns.
    const db = app.db as unknown as Kysely<any>;
    type Row = Record<ColumnOf<DB, T>, unknown>;
    const scoped = (tenantId: number, from: Kysely<any> = db) => from.selectFrom(name).where(`${name}.tenantId`, "=", tenantId);
    const withCounts = (query: SelectQueryBuilder<any, any, any>) =>
      countEntries.reduce(
        (counted, [count, of]) =>
          counted.select((eb) =>
            eb
              .selectFrom(of.table)
              .select((inner) => inner.fn.countAll().as("n"))
              .whereRef(`${of.table}.${of.column}`, "=", `${name}.id`)
              .whereRef(`${of.table}.tenantId`, "=", `${name}.tenantId`)
              .as(count),
          ),
        query.select(selected),
      );
    const findOne = async (from: Kysely<any>, tenantId: number, id: number) => {
      const row = await withCounts(scoped(tenantId, from)).where(`${name}.id`, "=", id).executeTakeFirst();
      return row && (toRecord(row) as Row);
    };
    const found = <R>(value: R | undefined): R => {
      if (!value) throw new HttpError(404, notFound);
      return value;
    };
    /** The checks that need the database, in the write's transaction: references, unique values, the resource's own rule. */
    const checked = async (trx: Transaction<Database>, row: Record<string, unknown>, tenantId: number, id?: number) => {
      const from = trx as unknown as Kysely<any>;
      for (const [column, target] of references) {
        const value = row[column];
        if (value === undefined || value === null) continue;
        const targetTable = tableOf(target);
        const exists = await from.selectFrom(targetTable).select("id").where("tenantId", "=", tenantId).where("id", "=", value).executeTakeFirst();
        if (!exists) {
          const problem = serverMessages.unknownReference(column);
          throw new HttpError(400, `${serverMessages.invalidData}: ${problem}.`, { [column]: problem });
        }
      }
      for (const [column, sentence] of unique) {
        if (row[column] === undefined || row[column] === null) continue;
        let query = scoped(tenantId, from).select(`${name}.id`).where(`${name}.${column}`, "=", row[column]);
        if (id !== undefined) query = query.where(`${name}.id`, "!=", id);
        if (await query.executeTakeFirst()) throw new HttpError(409, sentence);
      }
      await definition.check?.(row, { trx, tenantId, id });
    };
    const writing = async <R>(write: () => Promise<R>): Promise<R> => {
      try {
        return await write();
      } catch (error) {
        // Two writers at once pass the check above; the database's index still says no.
        const duplicate = definition.messages?.duplicate ?? unique[0]?.[1];
        if (duplicate && isUniqueViolation(error)) throw new HttpError(409, duplicate);
        if (definition.messages?.inUse && isForeignKeyViolation(error)) throw new HttpError(409, definition.messages.inUse);
        throw error;
      }
    };

    restrictTo(app, definition.name);

    app.get(
      "/",
      { schema: { querystring: listQuerystringFor(list), response: { 200: listAnswer(record) } } },
      (request) =>
        runList(
          scoped(request.tenantId) as SelectQueryBuilder<any, any, {}>,
          request.query,
          list,
          (query) => withCounts(query),
          (rows) => rows.map(toRecord) as Row[],
        ),
    );

    app.get<{ Params: { id: number } }>("/:id", { schema: { params: idParams("id"), ...answers } }, async (request) =>
      found(await findOne(db, request.tenantId, request.params.id)),
    );

    app.post<{ Body: Record<string, unknown> }>("/", { ...auditOf("create"), schema: { body, ...answers } }, async (request) => {
      const { tenantId } = request;
      const fields = writable(request.body);
      return writing(() =>
        db.transaction().execute(async (trx) => {
          await checked(trx, fields, tenantId);
          const now = timestamp();
          const { id } = await trx.insertInto(name).values({ ...fields, tenantId, createdAt: now, updatedAt: now }).returning("id").executeTakeFirstOrThrow();
          const created = found(await findOne(trx, tenantId, id));
          await request.audit(trx as unknown as Kysely<Database>, { target: id, targetLabel: labelOf(created) });
          return created;
        }),
      );
    });

    app.put<{ Params: { id: number }; Body: Record<string, unknown> }>(
      "/:id",
      { ...auditOf("update"), schema: { params: idParams("id"), body, ...answers } },
      async (request) => {
        const { tenantId, params } = request;
        const fields = writable(request.body);
        return writing(() =>
          db.transaction().execute(async (trx) => {
            found(await findOne(trx, tenantId, params.id));
            await checked(trx, fields, tenantId, params.id);
            await trx
              .updateTable(name)
              .set({ ...fields, updatedAt: timestamp() })
              .where("tenantId", "=", tenantId)
              .where("id", "=", params.id)
              .executeTakeFirst();
            const saved = found(await findOne(trx, tenantId, params.id));
            await request.audit(trx as unknown as Kysely<Database>, { target: params.id, targetLabel: labelOf(saved) });
            return saved;
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
            const deleted = found(await findOne(trx, tenantId, params.id));
            await trx.deleteFrom(name).where("tenantId", "=", tenantId).where("id", "=", params.id).execute();
            await request.audit(trx as unknown as Kysely<Database>, { target: params.id, targetLabel: labelOf(deleted) });
            return deleted;
          }),
        );
      },
    );
  };
}
