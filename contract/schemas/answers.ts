/**
 * Pieces of the API's schemas (TypeBox), shared by the shapes in contract/schemas/ and the route
 * folders. A route's `response` schema is its success answer's shape: Fastify serialises the
 * answer from it (faster than JSON.stringify, and a field it does not list is never sent), the
 * TypeBox type provider checks the handler's return against it, contract/api.ts derives the
 * client's types from it (`Static<typeof …>`, imported as types only, so the client bundle carries
 * no TypeBox), and the API document (/api/docs) shows it.
 */
import { type Static, type TSchema, Type } from "typebox";
import { ROLES } from "../roles";

/**
 * A text, number or boolean, or null: `type: [t, "null"]` rather than TypeBox's `anyOf`, so a
 * wrong value is named in one problem ("text or null") and the serialiser needs no trial.
 */
export const Nullable = <T extends TSchema & { type: string }>(schema: T) =>
  Type.Unsafe<Static<T> | null>({ ...schema, type: [schema.type, "null"] });

/** An instant as the API writes it (ISO 8601 text). */
export const Timestamp = Type.String({ description: "ISO 8601" });

export const RoleNameSchema = Type.Enum(ROLES);

export const TenantRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });

/** A VAT rate as SmartBill names it (its GET /tax), e.g. 'Normala' 19. */
export const TaxRateSchema = Type.Object({ name: Type.String(), percentage: Type.Number() });

/** Every success answer that is only a sentence to show. */
export const MessageAnswer = Type.Object({ message: Type.String() });

/** A 400: the message, and where the refusal is about a field, its reason under the field's name (the product's error shape). */
export const RefusalAnswer = Type.Object({ message: Type.String(), errors: Type.Optional(Type.Record(Type.String(), Type.String())) });

export const pageOf = <T extends TSchema>(item: T) => Type.Object({ content: Type.Array(item), totalElements: Type.Integer() });

/** A list route's answer: the page asked for (`page` and `size`), else the whole list. */
export const listAnswer = <T extends TSchema>(item: T) => Type.Union([Type.Array(item), pageOf(item)]);
