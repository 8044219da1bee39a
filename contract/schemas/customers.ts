/** Answer shapes of the /api/smartbill/customer routes (TypeBox); contract/api.ts derives its types from them. */
import { type TString, Type } from "typebox";
import { CUSTOMER_COLUMNS, type CustomerColumn } from "../customerColumns";
import { ANAF_STATES } from "../anaf";
import { Nullable, Timestamp } from "./answers";

const columns = Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, Type.String()])) as Record<CustomerColumn, TString>;

/** A customer's fields as the list shows them, in the spec's column order. */
export const CustomerFieldsSchema = Type.Object(columns);

export const CustomerSchema = Type.Object({
  id: Type.Integer(),
  ...columns,
  mentions: Type.Optional(Nullable(Type.String())),
  observations: Type.Optional(Nullable(Type.String())),
});

/** What ANAF last said of the customer's CUI, as kept (server/anaf), however old: its date says how old. */
export const CustomerAnafStateSchema = Type.Object({ state: Type.Enum(ANAF_STATES), checkedAt: Timestamp });

/**
 * One customer (GET/POST/PUT /api/smartbill/customer/{id}): its fields and ANAF's last known state
 * of its CUI; null when ANAF was never asked about it, or it has no Romanian CUI.
 */
export const CustomerRecordSchema = Type.Object({
  ...CustomerSchema.properties,
  anaf: Nullable(CustomerAnafStateSchema),
});

/**
 * POST /api/smartbill/customer and PUT /{id}: the customer's fields, each a text (null or absent:
 * empty), checked as an imported row is (its reasons, per field). What react-admin's form sends
 * back with them (the id, the texts the import keeps, what the page shows beside) is accepted
 * and never written.
 */
const optionalText = () => Type.Optional(Nullable(Type.String()));

export const CustomerBody = Type.Object(
  {
    ...(Object.fromEntries(CUSTOMER_COLUMNS.map((column) => [column, Type.Optional(Nullable(Type.String()))])) as Record<
      CustomerColumn,
      ReturnType<typeof optionalText>
    >),
    id: Type.Optional(Type.Unknown()),
    mentions: Type.Optional(Type.Unknown()),
    observations: Type.Optional(Type.Unknown()),
    anaf: Type.Optional(Type.Unknown()),
  },
  { additionalProperties: false },
);

export const RejectedRowSchema = Type.Object({
  row: Type.Integer({ description: "the row number as Excel shows it (1-based, header counted)" }),
  codClient: Type.Optional(Type.String()),
  reason: Type.String(),
});

/**
 * POST /import[?dryRun=true]. Streamed as it is written (the rejected rows may be many), so
 * this schema documents the answer rather than serialises it.
 */
export const CustomerImportAnswer = Type.Object({
  error: Type.Boolean(),
  errorMessage: Type.Optional(Type.String()),
  message: Type.Optional(Type.String()),
  dryRun: Type.Boolean(),
  counters: Type.Object({ newItems: Type.Integer(), updatedItems: Type.Integer(), errorItems: Type.Integer() }),
  /** the first rows as they will be stored */
  preview: Type.Array(Type.Object({ ...columns, action: Type.Enum(["new", "update"]) })),
  rejected: Type.Array(RejectedRowSchema),
  /**
   * Columns right of the last one read (BL) that held a value, left to right: the first five
   * (the message says how many more). Absent when there are none.
   */
  ignoredColumns: Type.Optional(Type.Array(Type.String())),
  /** The sentence that names them (also at the end of `message`), for the screen to show apart. */
  ignoredColumnsNote: Type.Optional(Type.String()),
});

/** POST /api/smartbill/customer/import/anaf-check (multipart: file) → 202: the check's task. */
export const CustomerAnafCheckStarted = Type.Object({
  taskId: Type.Integer(),
  /** the distinct CUIs of the file's valid rows, to be asked */
  total: Type.Integer(),
});

/** GET /api/smartbill/customer/import/anaf-check: whether the screen offers the check ticked. */
export const CustomerAnafCheckOffer = Type.Object({
  suggested: Type.Boolean({ description: "false when this tenant's last check, within minutes, found ANAF unreachable" }),
  message: Type.Optional(Type.String({ description: "why not suggested (Romanian)" })),
});

/** GET /api/smartbill/customer/import/anaf-check/{taskId}: the check's progress, then its findings per row. */
export const CustomerAnafCheckAnswer = Type.Object({
  taskId: Type.Integer(),
  status: Type.Enum(["queued", "running", "done", "failed"]),
  total: Type.Integer(),
  processed: Type.Integer(),
  message: Nullable(Type.String({ description: "the outcome when done" })),
  errorText: Nullable(Type.String({ description: "ANAF unreachable: why (Romanian); the import is still possible" })),
  findings: Type.Array(
    Type.Object({ row: Type.Integer(), codClient: Type.String(), cui: Type.String(), messages: Type.Array(Type.String()) }),
    { description: "rows ANAF has something to say about (warnings: no row is rejected); empty until done" },
  ),
});
