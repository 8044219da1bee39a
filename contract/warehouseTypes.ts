/** SmartBill's two kinds of warehouse (gestiune): at cost, or at sale price. */
export const WAREHOUSE_TYPES = ["en gros", "en detail"] as const;
export type WarehouseType = (typeof WAREHOUSE_TYPES)[number];
