/**
 * Request validation. Bodies are checked strictly: no type coercion (a number is not a
 * password) and unknown fields rejected rather than silently dropped. Path parameters, query
 * strings and headers arrive as text, so there numbers are coerced. Problems become a Romanian
 * message and a field → message map (the `errors` of contract/api.ts ApiError).
 *
 * A body is checked first up to its first problem, which costs nothing past it; only a small
 * body (BODY_ITEMS_FOR_EVERY_PROBLEM values, as its parser counted them, bodyShape.ts) is then
 * checked again for every problem, so a form shows all its mistakes at once while a body of
 * 60,000 unknown fields costs one. Whatever the problems, at most MAX_FIELDS fields are named.
 */
import Ajv, { type ErrorObject, type ValidateFunction } from "ajv";
import type { FastifySchemaCompiler } from "fastify";
import { bodyShapeOf } from "./bodyShape";
import { messages, validationMessages as words } from "./messages";

const shared = { useDefaults: true, removeAdditional: false, strict: false } as const;
const firstProblemAjv = new Ajv({ ...shared, coerceTypes: false, allErrors: false });
const everyProblemAjv = new Ajv({ ...shared, coerceTypes: false, allErrors: true });
const textAjv = new Ajv({ ...shared, coerceTypes: "array", allErrors: false });

/** The most values a body may hold to be checked for every problem; any real form holds far fewer. */
export const BODY_ITEMS_FOR_EVERY_PROBLEM = 1000;

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  httpPart === "body" ? bodyValidator(schema) : textAjv.compile(schema);

/** Fastify reads a validator's `errors` after a false answer, as Ajv's own. */
type BodyValidator = ((data: unknown, context?: object) => boolean) & { errors?: ValidateFunction["errors"] };

function bodyValidator(schema: object): BodyValidator {
  const first = firstProblemAjv.compile(schema);
  const every = everyProblemAjv.compile(schema);
  const validate: BodyValidator = (data, context) => {
    // Ajv's own signature takes the parent for a root default; the context is passed on as is.
    const call = (check: ValidateFunction) => (check as (data: unknown, context?: object) => boolean)(data, context);
    if (call(first)) return true;
    validate.errors = first.errors;
    if ((bodyShapeOf(data)?.items ?? Infinity) <= BODY_ITEMS_FOR_EVERY_PROBLEM) {
      if (!call(every)) validate.errors = every.errors;
    }
    return false;
  };
  return validate;
}

export interface ValidationProblem {
  message: string;
  errors: Record<string, string>;
}

/** At most this many problems are spelled out in the message. */
const MAX_LISTED = 5;
/** At most this many fields are named in `errors`, so an answer stays a few KiB. */
export const MAX_FIELDS = 20;

export function describeValidation(problems: readonly Partial<ErrorObject>[]): ValidationProblem {
  // A Map, so that a field named like an object's own property ("constructor") is named too.
  const fields = new Map<string, string>();
  for (const problem of problems) {
    const field = fieldOf(problem);
    if (!fields.has(field)) fields.set(field, describe(problem, field));
    if (fields.size === MAX_FIELDS) break;
  }
  const listed = [...fields.values()].slice(0, MAX_LISTED).join("; ");
  return { message: `${messages.invalidData}: ${listed}.`, errors: Object.fromEntries(fields) };
}

const ROOT = words.root;

function fieldOf(problem: Partial<ErrorObject>): string {
  const path = (problem.instancePath ?? "").split("/").filter(Boolean).join(".");
  const params = (problem.params ?? {}) as Record<string, unknown>;
  const child =
    problem.keyword === "required"
      ? params.missingProperty
      : problem.keyword === "additionalProperties"
        ? params.additionalProperty
        : undefined;
  if (typeof child === "string") return path ? `${path}.${child}` : child;
  return path || ROOT;
}

function describe(problem: Partial<ErrorObject>, field: string): string {
  const params = (problem.params ?? {}) as Record<string, unknown>;
  const name = field === ROOT ? ROOT : `„${field}”`;
  switch (problem.keyword) {
    case "required":
      return words.required(name);
    case "additionalProperties":
      return words.notAllowed(name);
    case "type":
      return words.type(name, String(params.type ?? "").split(","));
    case "maxLength":
      return words.maxLength(name, Number(params.limit));
    case "minLength":
      return params.limit === 1 ? words.required(name) : words.minLength(name, Number(params.limit));
    case "maximum":
      return words.maximum(name, params.limit);
    case "minimum":
      return words.minimum(name, params.limit);
    case "maxItems":
      return words.maxItems(name, Number(params.limit));
    case "minItems":
      return words.minItems(name, Number(params.limit));
    case "uniqueItems":
      return words.uniqueItems(name);
    case "enum":
      return words.enum(name);
    case "pattern":
    case "format":
      return words.format(name);
    default:
      return words.invalid(name);
  }
}
