/**
 * Request validation. Bodies are checked strictly: no type coercion (a number is not a
 * password) and unknown fields rejected rather than silently dropped, with every problem
 * reported. Path parameters, query strings and headers arrive as text, so there numbers are
 * coerced. Problems become a Romanian message and a field → message map (the `errors` of
 * contract/api.ts ApiError).
 */
import Ajv, { type ErrorObject } from "ajv";
import type { FastifySchemaCompiler } from "fastify";
import { messages, validationMessages as words } from "./messages";

const shared = { useDefaults: true, removeAdditional: false, strict: false } as const;
const bodyAjv = new Ajv({ ...shared, coerceTypes: false, allErrors: true });
const textAjv = new Ajv({ ...shared, coerceTypes: "array", allErrors: false });

export const validatorCompiler: FastifySchemaCompiler<object> = ({ schema, httpPart }) =>
  (httpPart === "body" ? bodyAjv : textAjv).compile(schema);

export interface ValidationProblem {
  message: string;
  errors: Record<string, string>;
}

/** At most this many problems are spelled out in the message; all of them go in `errors`. */
const MAX_LISTED = 5;

export function describeValidation(problems: readonly Partial<ErrorObject>[]): ValidationProblem {
  const errors: Record<string, string> = {};
  for (const problem of problems) {
    const field = fieldOf(problem);
    errors[field] ??= describe(problem, field);
  }
  const listed = Object.values(errors).slice(0, MAX_LISTED).join("; ");
  return { message: `${messages.invalidData}: ${listed}.`, errors };
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
