/** Where 'Conexiune SmartBill' lives, and whether the tenant's connection is set, for the SmartBill screens' notice. */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { AppDataProvider } from "../providers/customMethods";

/** Where the connection screen lives. */
export const SMARTBILL_CONNECTION_PAGE = "/smartbill-connection";

/**
 * Whether the tenant's SmartBill connection is set: undefined while asking, and when the
 * answer did not come (then the screen's own calls say what is wrong).
 */
export function useSmartBillConfigured(): boolean | undefined {
  const dataProvider = useDataProvider<AppDataProvider>();
  const { data } = useQuery({
    queryKey: ["smartbillConnection", "status"],
    queryFn: async ({ signal }) => {
      try {
        return await dataProvider.smartBillConnectionStatus(signal);
      } catch (error) {
        if (!signal.aborted) console.error("Starea conexiunii SmartBill nu a putut fi citită", error);
        throw error;
      }
    },
    retry: false,
  });
  return data?.configured;
}
