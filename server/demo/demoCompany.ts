/**
 * The demo company ('Demo SRL', tenant 2 in demo mode) described once, for both sides of the demo,
 * so they cannot drift apart:
 *
 * - the SmartBill emulator starts from it on every start (smartbill/emulator/demoData.ts): the
 *   account, the company, its warehouses and stock, and the invoices already issued with their
 *   payments, issued through the emulator's own POST /invoice and POST /payment logic;
 * - the demo seed writes the app's side of the same story into an empty database
 *   (demo/seedDemoCompany.ts): the customers, the warehouse SmartBill knows with its stock as a
 *   stock import brings it, the catalogue, and the invoices in their states, with the numbers,
 *   totals and payments the emulator computed.
 *
 * Everything here is invented: the companies, CIFs (with valid control digits) and IBANs (valid
 * mod-97) belong to nobody. Dates are fixed, so the emulator, rebuilt on each start, tells the
 * same story as the database seeded once.
 */
import type { CustomerFields } from "../../contract/api";
import { DEFAULT_COUNTRY } from "../../contract/constants";
import type { WarehouseType } from "../smartbill/types";

/** The one SmartBill account the emulator knows: the demo company's. */
export const DEMO_SMARTBILL_ACCOUNT: Readonly<{ username: string; token: string; cif: string }> = {
  username: "facturare@demo.ro",
  token: "demo-smartbill-token-0001",
  cif: "RO40671760",
};

export const DEMO_COMPANY_NAME = "Demo SRL";

export const DEMO_WAREHOUSES = {
  central: "Depozit Central",
  cluj: "Magazin Cluj",
} as const;

export interface DemoStockItem {
  code: string;
  name: string;
  unit: string;
  quantity: number;
}

/**
 * SmartBill's warehouses and their stock before the demo's invoices took theirs. The seed brings
 * 'Depozit Central' into the app; 'Magazin Cluj' stays SmartBill's only, for the warehouse form
 * to offer.
 */
export const DEMO_STOCK: readonly { name: string; type: WarehouseType; products: readonly DemoStockItem[] }[] = [
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
];

/** A product of the catalogue ('Nomenclator produse'): price net of VAT, in lei; the tax by its SmartBill name. */
export interface DemoProduct {
  code: string;
  name: string;
  unit: string;
  price: number;
  taxName: "Normala" | "Redusa";
  isService: boolean;
}

/** The stock's products with their prices, a book (reduced VAT) and two services. */
export const DEMO_CATALOGUE: readonly DemoProduct[] = [
  { code: "PRD001", name: "Laptop Lenovo ThinkPad E14", unit: "buc", price: 4299.9, taxName: "Normala", isService: false },
  { code: "PRD002", name: "Monitor Dell 27 inch", unit: "buc", price: 1149.5, taxName: "Normala", isService: false },
  { code: "PRD003", name: "Hârtie copiator A4", unit: "buc", price: 24.9, taxName: "Normala", isService: false },
  { code: "PRD004", name: "Cafea boabe prăjită", unit: "kg", price: 89.9, taxName: "Normala", isService: false },
  { code: "PRD005", name: "Scaun ergonomic de birou", unit: "buc", price: 1290, taxName: "Normala", isService: false },
  { code: "PRD006", name: "Cablu rețea Cat6", unit: "buc", price: 12.5, taxName: "Normala", isService: false },
  { code: "PRD007", name: "Căști wireless cu microfon", unit: "buc", price: 349, taxName: "Normala", isService: false },
  { code: "CRT001", name: "Carte: Contabilitate pentru IMM-uri", unit: "buc", price: 79, taxName: "Redusa", isService: false },
  { code: "SRV001", name: "Transport marfă", unit: "buc", price: 150, taxName: "Normala", isService: true },
  { code: "SRV002", name: "Instalare și configurare echipamente", unit: "ore", price: 180, taxName: "Normala", isService: true },
];

/** The demo company's customers: a dozen companies in nine counties. */
export const DEMO_CUSTOMERS: readonly CustomerFields[] = [
  customer("Alfa Construct SRL", "RO14793526", "J40/8123/2003", "CLI-001", "Str. Fabrica de Glucoză 11", "București", "București", "Banca Transilvania", "RO50BTRLRONCRT0047291301", "office@alfaconstruct.ro", "Andrei Popescu", "0721 345 678"),
  customer("Carpați Logistic SRL", "RO31928461", "J08/1543/2013", "CLI-002", "Str. Zizinului 112", "Brașov", "Brașov", "BCR", "RO34RNCB0250C01738460001", "contabilitate@carpatilogistic.ro", "Ioana Munteanu", "0268 412 390"),
  customer("Someș Agro SRL", "RO20584710", "J12/2210/2007", "CLI-003", "Calea Florești 58", "Cluj-Napoca", "Cluj", "BRD - Groupe Société Générale", "RO52BRDERO20000018475620", "achizitii@somesagro.ro", "Vasile Rus", "0744 118 902"),
  customer("Bega Tehnic SRL", "RO16349202", "J35/987/2004", "CLI-004", "Bd. Republicii 9", "Timișoara", "Timiș", "ING Bank", "RO35INGB0000094812345670", "office@begatehnic.ro", "Mihaela Stoica", "0256 290 114"),
  customer("Dunărea Trans SA", "RO35701827", "J17/611/2016", "CLI-005", "Str. Portului 44", "Galați", "Galați", "Raiffeisen Bank", "RO74RZBR0000027193840521", "facturi@dunareatrans.ro", "Cristian Dumitru", "0236 460 733"),
  customer("Moldova Distribuție SRL", "RO28730153", "J22/3304/2011", "CLI-006", "Șos. Păcurari 121", "Iași", "Iași", "CEC Bank", "RO40CECERO00000672849150", "office@moldovadistributie.ro", "Elena Țurcanu", "0732 554 210"),
  customer("Mureș Mobila SRL", "RO19283641", "J26/1190/2006", "CLI-007", "Str. Gheorghe Doja 64", "Târgu Mureș", "Mureș", "UniCredit Bank", "RO17BACXRON0025738194020", "comenzi@muresmobila.ro", "Attila Szabó", "0265 218 447"),
  customer("Litoral Turism SRL", "RO34017597", "J13/2875/2015", "CLI-008", "Bd. Mamaia 255", "Constanța", "Constanța", "OTP Bank", "RO88OTPVR002000184736521", "rezervari@litoralturism.ro", "Raluca Enache", "0741 902 336"),
  customer("Olt Energie SRL", "RO22106380", "J16/1422/2007", "CLI-009", "Calea București 80", "Craiova", "Dolj", "Banca Transilvania", "RO66BTRLRONCRT0081726304", "office@oltenergie.ro", "Marius Ionescu", "0251 407 615"),
  customer("Tipografia Crișana SRL", "RO17854024", "J05/2031/2005", "CLI-010", "Str. Louis Pasteur 27", "Oradea", "Bihor", "BCR", "RO24RNCB0410C02847193001", "office@tipografiacrisana.ro", "Florin Bălaș", "0259 433 870"),
  customer("Argeș Auto Service SRL", "30562191", "J03/1766/2012", "CLI-011", "Str. Depozitelor 16", "Pitești", "Argeș", "BRD - Groupe Société Générale", "RO71BRDERO20000072618350", "service@argesauto.ro", "Gabriel Niță", "0748 661 024"),
  customer("Bucovina Lemn SRL", "RO26491831", "J33/840/2010", "CLI-012", "Str. Humorului 72", "Suceava", "Suceava", "ING Bank", "RO93INGB0000061839274015", "vanzari@bucovinalemn.ro", "Ștefan Moroșan", "0230 521 698"),
];

export interface DemoLine {
  /** A product of DEMO_CATALOGUE: its name, unit, price and tax go on the line. */
  code: string;
  quantity: number;
}

export interface DemoPayment {
  date: string;
  /** SmartBill's payment type (the demo's invoices are paid by transfer or card). */
  type: "Ordin plata" | "Card";
  /** In lei; "rest": whatever is still unpaid. */
  amount: number | "rest";
}

/**
 * An invoice request of the demo company. `sent` ones were issued by SmartBill in this order:
 * SBL 0001, 0002, … (the emulator's series then continues from there); `refused` was sent and
 * refused by SmartBill (its answer is whatever the emulator says to it); `draft` is a request not
 * sent yet. Those two carry no date: they are dated the day the demo is set up.
 */
export interface DemoInvoice {
  /** A customer's codClient. */
  client: string;
  state: "sent" | "refused" | "draft";
  issueDate?: string;
  lines: readonly DemoLine[];
  payments?: readonly DemoPayment[];
  mentions?: string;
  /** Whether SmartBill discharges the goods from DEMO_INVOICE_WAREHOUSE (default true). */
  useStock?: boolean;
}

export const DEMO_INVOICES: readonly DemoInvoice[] = [
  {
    client: "CLI-001",
    state: "sent",
    issueDate: "2026-11-03",
    lines: [
      { code: "PRD001", quantity: 2 },
      { code: "PRD002", quantity: 2 },
      { code: "SRV002", quantity: 3 },
    ],
    payments: [{ date: "2026-11-10", type: "Ordin plata", amount: "rest" }],
  },
  {
    client: "CLI-002",
    state: "sent",
    issueDate: "2026-11-09",
    lines: [
      { code: "PRD003", quantity: 60 },
      { code: "PRD004", quantity: 6 },
      { code: "PRD006", quantity: 40 },
      { code: "SRV001", quantity: 1 },
    ],
    payments: [{ date: "2026-11-16", type: "Ordin plata", amount: 1000 }],
  },
  {
    client: "CLI-003",
    state: "sent",
    issueDate: "2026-11-17",
    // Goods delivered straight from the supplier: nothing leaves the warehouse.
    lines: [
      { code: "PRD005", quantity: 2 },
      { code: "CRT001", quantity: 5 },
    ],
    useStock: false,
    mentions: "Plata prin ordin de plată în 14 zile.",
  },
  {
    client: "CLI-004",
    state: "sent",
    issueDate: "2026-11-23",
    lines: [
      { code: "PRD002", quantity: 4 },
      { code: "SRV001", quantity: 1 },
    ],
  },
  // More laptops than 'Depozit Central' holds: SmartBill refuses it until the quantity is lowered.
  { client: "CLI-006", state: "refused", lines: [{ code: "PRD001", quantity: 20 }] },
  {
    client: "CLI-007",
    state: "draft",
    lines: [
      { code: "PRD005", quantity: 3 },
      { code: "SRV001", quantity: 1 },
    ],
  },
];

/** The demo's invoices and payments were made at this hour (UTC) of their day: mid-morning in Bucharest. */
export const demoMoment = (date: string, minutes = 0): number => Date.parse(`${date}T08:00:00.000Z`) + minutes * 60_000;

/** The warehouse the demo's invoices discharge stock from. */
export const DEMO_INVOICE_WAREHOUSE = DEMO_WAREHOUSES.central;

export function demoProduct(code: string): DemoProduct {
  const product = DEMO_CATALOGUE.find((one) => one.code === code);
  if (!product) throw new Error(`the demo catalogue has no product ${code}`);
  return product;
}

export function demoCustomer(codClient: string): CustomerFields {
  const found = DEMO_CUSTOMERS.find((one) => one.codClient === codClient);
  if (!found) throw new Error(`the demo has no customer ${codClient}`);
  return found;
}

function customer(
  clientName: string,
  cif: string,
  regCom: string,
  codClient: string,
  adresa: string,
  localitate: string,
  judet: string,
  banca: string,
  iban: string,
  email: string,
  persContact: string,
  telefon: string,
): CustomerFields {
  return { clientName, cif, regCom, codClient, adresa, localitate, judet, banca, iban, tara: DEFAULT_COUNTRY, email, persContact, telefon };
}
