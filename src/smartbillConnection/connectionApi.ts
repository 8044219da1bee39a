/** The calls of 'Conexiune SmartBill' and of the SmartBill screens' notice (contract/paths.ts). */
import { useEffect, useState } from "react";
import type {
  MessageResponse,
  SmartBillConnection,
  SmartBillConnectionInput,
  SmartBillConnectionStatus,
  SmartBillConnectionTestResult,
} from "../../contract/api";
import { API_PATHS } from "../../contract/paths";
import { httpClient } from "../providers/httpClient";

/** Where the connection screen lives. */
export const SMARTBILL_CONNECTION_PAGE = "/smartbill-connection";

export const fetchConnection = async (signal?: AbortSignal) =>
  (await httpClient<SmartBillConnection>(API_PATHS.smartBillConnection, { signal })).json;

export const saveConnection = async (connection: SmartBillConnectionInput) =>
  (
    await httpClient<SmartBillConnection & MessageResponse>(API_PATHS.smartBillConnection, {
      method: "PUT",
      body: JSON.stringify(connection),
    })
  ).json;

/** SmartBill's answer to the entered settings; nothing is saved. */
export const testConnection = async (connection: SmartBillConnectionInput) =>
  (
    await httpClient<SmartBillConnectionTestResult>(API_PATHS.smartBillConnectionTest, {
      method: "POST",
      body: JSON.stringify(connection),
    })
  ).json;

/**
 * Whether the tenant's SmartBill connection is set: undefined while asking, and when the
 * answer did not come (then the screen's own calls say what is wrong).
 */
export function useSmartBillConfigured(): boolean | undefined {
  const [configured, setConfigured] = useState<boolean | undefined>(undefined);
  useEffect(() => {
    const abort = new AbortController();
    httpClient<SmartBillConnectionStatus>(API_PATHS.smartBillConnectionStatus, { signal: abort.signal })
      .then(({ json }) => setConfigured(json.configured))
      .catch((error) => !abort.signal.aborted && console.error("Starea conexiunii SmartBill nu a putut fi citită", error));
    return () => abort.abort();
  }, []);
  return configured;
}
