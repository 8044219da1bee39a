/**
 * Shapes of /api/efactura/connection (TypeBox). The answer has no field for a token: the
 * serializer drops anything the schema does not name, so a token could not leave by mistake.
 */
import { Type } from "typebox";
import { Nullable } from "./answers";

const text = Nullable(Type.String());

export const EfacturaConnectionSchema = Type.Object({
  available: Type.Boolean(),
  connected: Type.Boolean(),
  cif: text,
  connectedAt: text,
  connectedBy: text,
  accessExpiresAt: text,
  refreshExpiresAt: text,
  problem: text,
  syncedAt: text,
});

export const EfacturaAuthorizationSchema = Type.Object({ authorizeUrl: Type.String() });
