/**
 * The emulator's default data: the demo tenant's SmartBill account and company (the demo seed
 * in server/db/seed.ts points tenant 2's settings at exactly these), with two warehouses that
 * hold stock, so a stock import has something to bring in.
 */
import type { EmulatorAccount, EmulatorCompanySeed } from "./model";
import { TAXES_2026 } from "./model";

export const DEMO_SMARTBILL_USERNAME = "facturare@demo.ro";
export const DEMO_SMARTBILL_TOKEN = "demo-smartbill-token-0001";
export const DEMO_SMARTBILL_CIF = "RO40671760";

export const DEMO_WAREHOUSES = {
  central: "Depozit Central",
  cluj: "Magazin Cluj",
} as const;

export function demoAccounts(): EmulatorAccount[] {
  return [{ username: DEMO_SMARTBILL_USERNAME, token: DEMO_SMARTBILL_TOKEN, cifs: [DEMO_SMARTBILL_CIF] }];
}

export function demoCompanies(): EmulatorCompanySeed[] {
  return [
    {
      cif: DEMO_SMARTBILL_CIF,
      name: "Demo SRL",
      vatPayer: true,
      usesProductCodes: true,
      stockModuleActive: true,
      // The demo sends e-mail: it lands in the emulator's outbox.
      emailServerConfigured: true,
      taxes: TAXES_2026.map((tax) => ({ ...tax })),
      series: [
        { name: "SBL", type: "f", nextNumber: 1 },
        { name: "SBL-PF", type: "p", nextNumber: 1 },
      ],
      measuringUnits: ["buc", "kg", "ore"],
      warehouses: [
        {
          name: DEMO_WAREHOUSES.central,
          type: "en gros",
          products: [
            { code: "PRD001", name: "Laptop Lenovo ThinkPad E14", unit: "buc", quantity: 15 },
            { code: "PRD002", name: "Monitor Dell 27 inch", unit: "buc", quantity: 22 },
            { code: "PRD003", name: "Hârtie copiator A4", unit: "buc", quantity: 480 },
            { code: "PRD004", name: "Cafea boabe prăjită", unit: "kg", quantity: 36.5 },
            { code: "PRD005", name: "Scaun ergonomic de birou", unit: "buc", quantity: 8 },
            { code: "PRD006", name: "Cablu rețea Cat6", unit: "buc", quantity: 120 },
          ],
        },
        {
          name: DEMO_WAREHOUSES.cluj,
          type: "en detail",
          products: [
            { code: "PRD001", name: "Laptop Lenovo ThinkPad E14", unit: "buc", quantity: 4 },
            { code: "PRD003", name: "Hârtie copiator A4", unit: "buc", quantity: 60 },
            { code: "PRD004", name: "Cafea boabe prăjită", unit: "kg", quantity: 7.25 },
            { code: "PRD007", name: "Căști wireless cu microfon", unit: "buc", quantity: 11 },
          ],
        },
      ],
    },
  ];
}
