/** Which of a new tenant's set-up steps are done, read from what the tenant has. Dialect-free. */
import type { Kysely, SelectQueryBuilder } from "kysely";
import type { FirstSteps } from "../../../../contract/api";
import type { RoleName } from "../../../../contract/roles";
import type { Database } from "../../../db/database";
import type { SmartBillUrlPolicy } from "../../../smartbill/allowedUrl";
import { isConnectionConfigured } from "../smartbillConnection/smartbillConnection.repository";

/** The role a tenant's invoicing staff hold: the one the SmartBill screens need. */
const INVOICING_ROLE: RoleName = "ROLE_SMARTBILL";

export async function readFirstSteps(
  db: Kysely<Database>,
  tenantId: number,
  smartBillUrls: SmartBillUrlPolicy,
): Promise<FirstSteps> {
  const [smartBillConnection, invoicingUser, warehouse, customers] = await Promise.all([
    isConnectionConfigured(db, tenantId, smartBillUrls),
    exists(
      db
        .selectFrom("users")
        .innerJoin("user_roles", "user_roles.userId", "users.id")
        .innerJoin("roles", "roles.id", "user_roles.roleId")
        .select("users.id")
        .where("users.tenantId", "=", tenantId)
        .where("roles.name", "=", INVOICING_ROLE),
    ),
    exists(db.selectFrom("warehouses").select("id").where("tenantId", "=", tenantId)),
    exists(db.selectFrom("customers").select("id").where("tenantId", "=", tenantId)),
  ]);
  return { smartBillConnection, invoicingUser, warehouse, customers };
}

async function exists(query: SelectQueryBuilder<any, any, any>): Promise<boolean> {
  return (await query.limit(1).executeTakeFirst()) !== undefined;
}
