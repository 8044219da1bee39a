/**
 * Request validation. Bodies are checked strictly: no type coercion (a number is not a
 * password) and unknown fields rejected rather than silently dropped, with every problem
 * reported. Path parameters, query strings and headers arrive as text, so there numbers are
 * coerced. Problems become a Romanian message and a field → message map (the `errors` of
 * contract/api.ts ApiError).
 */
import Ajv, { type ErrorObject } from "ajv";
import type { FastifySchemaCompiler } from "fastify";
import { romanianCount } from "../contract/romanianPlural";
import { messages } from "./messages";

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

const ROOT = "corpul cererii";

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

const TYPE_NAMES: Record<string, string> = {
  string: "text",
  number: "număr",
  integer: "număr întreg",
  boolean: "adevărat sau fals",
  object: "obiect JSON",
  array: "listă",
  null: "nul",
};

/** "1 caracter", "19 caractere", "100 de caractere" (contract/romanianPlural.ts). */
const characters = (limit: unknown) => romanianCount(Number(limit), "caracter", "caractere");

function describe(problem: Partial<ErrorObject>, field: string): string {
  const params = (problem.params ?? {}) as Record<string, unknown>;
  const name = field === ROOT ? ROOT : `„${field}”`;
  switch (problem.keyword) {
    case "required":
      return `${name} este obligatoriu`;
    case "additionalProperties":
      return `câmpul ${name} nu este permis`;
    case "type": {
      const types = String(params.type ?? "").split(",");
      return `${name} trebuie să fie ${types.map((t) => TYPE_NAMES[t] ?? t).join(" sau ")}`;
    }
    case "maxLength":
      return `${name} poate avea cel mult ${characters(params.limit)}`;
    case "minLength":
      return params.limit === 1
        ? `${name} este obligatoriu`
        : `${name} trebuie să aibă cel puțin ${characters(params.limit)}`;
    case "maximum":
      return `${name} trebuie să fie cel mult ${params.limit}`;
    case "minimum":
      return `${name} trebuie să fie cel puțin ${params.limit}`;
    case "maxItems":
      return `${name} poate avea cel mult ${romanianCount(Number(params.limit), "element", "elemente")}`;
    case "minItems":
      return `${name} trebuie să aibă cel puțin ${romanianCount(Number(params.limit), "element", "elemente")}`;
    case "uniqueItems":
      return `${name} conține valori repetate`;
    case "enum":
      return `${name} are o valoare nepermisă`;
    case "pattern":
    case "format":
      return `${name} are un format invalid`;
    default:
      return `${name} este invalid`;
  }
}
