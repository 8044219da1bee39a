/**
 * Shapes of the /api/smartbill/connection routes (TypeBox): the form (strict: unknown fields are
 * refused) and the answers; contract/api.ts derives its types from them.
 */
import { type Static, Type } from "typebox";
import { Nullable, TaxRateSchema } from "./answers";
import { PROPERTY_VALUE_MAX_LENGTH } from "./properties";

const setting = Type.Optional(Nullable(Type.String({ maxLength: PROPERTY_VALUE_MAX_LENGTH })));

/**
 * PUT / and POST /test. Nothing is `required` here: every missing or blank field gets its own
 * sentence from the route, all of them in one answer.
 */
export const connectionBody = Type.Object(
  { username: setting, token: setting, cif: setting, url: setting },
  { additionalProperties: false },
);
/** The body as it may arrive (the schema allows null and absence). */
export type ConnectionBody = Static<typeof connectionBody>;

/**
 * The tenant's SmartBill settings as one form (the `smartbill.*` settings). In every answer the
 * token is masked (maskSecret); sent back unchanged, the mask means "the stored token".
 */
export const ConnectionInputSchema = Type.Object({
  username: Type.String({ description: "the SmartBill account's login e-mail" }),
  token: Type.String(),
  cif: Type.String({ description: "the company's CIF exactly as SmartBill has it (e.g. RO40671760)" }),
  url: Type.String({ description: "the API's base address, e.g. https://ws.smartbill.ro/SBORO/api" }),
});

/** GET and PUT /. */
export const ConnectionSchema = Type.Object({
  ...ConnectionInputSchema.properties,
  configured: Type.Boolean({ description: "the settings are complete and the address is one this server may call" }),
  defaultUrl: Type.String({ description: "SmartBill's own API address, which a new form starts with" }),
  emulatorUrl: Nullable(Type.String({ description: "in demo mode, this server's SmartBill emulator; else null" })),
  emulatorAccount: Nullable(
    Type.Object(
      { ...ConnectionInputSchema.properties },
      {
        description:
          "in demo mode, the one account the emulator knows (the demo company's, token unmasked: it is no secret), " +
          "so a new company can connect without reading the source; else null",
      },
    ),
  ),
});

/** PUT /: the settings saved, and the sentence to show. */
export const ConnectionSavedAnswer = Type.Object({ ...ConnectionSchema.properties, message: Type.String() });

/** POST /test: what SmartBill answered to the entered settings. */
export const ConnectionTestAnswer = Type.Object({
  taxes: Type.Array(TaxRateSchema, { description: "the company's VAT rates (GET /tax)" }),
  series: Type.Array(Type.Object({ name: Type.String(), nextNumber: Type.Number() }), {
    description: "the company's invoice series (GET /series?type=f)",
  }),
});

/** GET /status: never the settings themselves. */
export const ConnectionStatusAnswer = Type.Object({ configured: Type.Boolean() });
