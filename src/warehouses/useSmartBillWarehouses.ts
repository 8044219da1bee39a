/**
 * The warehouses SmartBill knows (its stock answer names them), for the warehouse form and list
 * to offer and check names against. One read per few minutes: each costs a SmartBill call of the
 * company's token.
 */
import { useQuery } from "@tanstack/react-query";
import { useDataProvider } from "react-admin";
import type { SmartBillWarehouses } from "../../contract/api";
import type { AppDataProvider } from "../providers/customMethods";

export type SmartBillWarehouse = SmartBillWarehouses["warehouses"][number];

/** How a name stands against SmartBill's warehouses. */
export type NameCheck =
  | { state: "unchecked" }
  | { state: "known"; warehouse: SmartBillWarehouse }
  /** SmartBill has it, spelled otherwise (it compares names exactly). */
  | { state: "otherCase"; warehouse: SmartBillWarehouse }
  | { state: "unknown" };

const FRESH_MS = 5 * 60_000;

export function useSmartBillWarehouses() {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ["warehouses", "smartbill"],
    queryFn: ({ signal }) => dataProvider.smartBillWarehouses(signal),
    staleTime: FRESH_MS,
    retry: false,
  });
}

/** `name` (trimmed) against SmartBill's list; unchecked while there is no list or no name. */
export function checkName(name: string | undefined, warehouses: readonly SmartBillWarehouse[] | undefined): NameCheck {
  const wanted = name?.trim() ?? "";
  if (!wanted || !warehouses) return { state: "unchecked" };
  const exact = warehouses.find((one) => one.warehouseName === wanted);
  if (exact) return { state: "known", warehouse: exact };
  const lower = wanted.toLocaleLowerCase("ro");
  const other = warehouses.find((one) => one.warehouseName.toLocaleLowerCase("ro") === lower);
  return other ? { state: "otherCase", warehouse: other } : { state: "unknown" };
}
