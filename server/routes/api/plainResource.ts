/**
 * A plain tenant resource as the rest of the server sees it once declared (tenantResourceRoutes.ts
 * declares it): the registries (routeFolders.ts, the tenant's data, the audit actions) and the
 * generic tests read this, never the routes.
 */
import type { ResourceName } from "../../../contract/roles";

/** The JSON schema of the fields a client writes (POST and PUT), strict. */
export interface FieldsSchema<Column extends string> {
  type: "object";
  properties: Partial<Record<Column, object>>;
  required?: readonly Column[];
  /** Two valid bodies, differing in every unique column: the API document's examples and the generic tests' records. */
  examples?: readonly unknown[];
}

/** What the registries and the generic tests read of a declared resource. */
export interface PlainResource {
  name: ResourceName;
  table: string;
  body: FieldsSchema<string>;
  required: readonly string[];
  unique: Readonly<Record<string, string>>;
  references: Readonly<Record<string, ResourceName>>;
  /** The columns the list's `q` searches. */
  searchable: readonly string[];
  label: string | undefined;
  /** `<name>.create`, `<name>.update`, `<name>.delete`. */
  auditActions: readonly string[];
}

