/**
 * The dataProvider's methods beyond CRUD: the calls screens make that are not a resource's list
 * or record (imports, a send, invoice lines, roles, set-password links, VAT rates). Screens reach
 * them with `useDataProvider<AppDataProvider>()`, so every call to the API goes through the one
 * dataProvider and every URL comes from contract/paths.ts.
 */
import type { DataProvider } from "react-admin";
import type {
  CustomerImportResult,
  GenerateSetUrlResponse,
  InvoiceForm,
  InvoiceImportResult,
  InvoiceSendResult,
  MessageResponse,
  ProductLine,
  ProductLineInput,
  RoleList,
  StockImportResponse,
} from "../../contract/api";
import { API_PATHS } from "../../contract/paths";
import type { RoleName } from "../../contract/roles";
import type { HttpClient } from "./httpClient";
import { requestFile } from "./requestFile";
import { listQuery } from "./specPathDataProvider";

export interface TaxRate {
  name: string;
  percentage: number;
}

export type ExportFormat = "csv" | "xlsx";

const fileForm = (file: Blob, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return form;
};

export function createCustomMethods(http: HttpClient) {
  const post = async <T>(url: string, body?: unknown) =>
    (
      await http<T>(url, {
        method: "POST",
        body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      })
    ).json;

  return {
    /** The roles the signed-in user may grant. */
    availableRoles: async (signal?: AbortSignal) => (await http<RoleList>(API_PATHS.availableRoles, { signal })).json,

    assignedRoles: async (userId: number, signal?: AbortSignal) =>
      (await http<RoleList>(API_PATHS.assignedRoles(userId), { signal })).json,

    /** Replaces the user's roles with these. */
    assignRoles: async (userId: number, roles: RoleName[]) =>
      (await http<MessageResponse>(API_PATHS.assignRoles(userId), { method: "PUT", body: JSON.stringify({ roles }) })).json,

    /** A fresh single-use link to this app's set/reset-password page for the user. */
    setPasswordLink: async (email: string) =>
      (await post<GenerateSetUrlResponse>(API_PATHS.setPasswordLink, { email, baseUrl: `${window.location.origin}/dmz` })).url,

    /** Checks (`dryRun`) or imports a customer workbook. */
    importCustomers: (file: Blob, { dryRun }: { dryRun: boolean }) =>
      post<CustomerImportResult>(`${API_PATHS.customerImport}${dryRun ? "?dryRun=true" : ""}`, fileForm(file)),

    customerImportTemplate: () => requestFile(API_PATHS.customerImportTemplate),

    /** The workbook's rejected rows, each with its reason, as a workbook. */
    customerImportErrors: (file: Blob) => requestFile(API_PATHS.customerImportErrors, fileForm(file)),

    /** The customers a list shows (same filter and sort), as a file. */
    exportCustomers: ({
      filter,
      sort,
      format,
    }: {
      filter: Record<string, unknown>;
      sort: { field: string; order: string };
      format: ExportFormat;
    }) => requestFile(`${API_PATHS.customerExport}?${listQuery(filter, sort, { format })}`),

    /** A new invoice from the form and the workbook of its lines. */
    importInvoice: (form: Partial<InvoiceForm>, file: Blob) =>
      post<InvoiceImportResult>(API_PATHS.invoiceImport, fileForm(file, { payload: JSON.stringify(form) })),

    sendInvoice: (invoiceId: number) => post<InvoiceSendResult>(API_PATHS.invoiceSend(invoiceId)),

    addInvoiceLine: (invoiceId: number, line: ProductLineInput) =>
      post<ProductLine>(API_PATHS.invoiceLines(invoiceId), { ...line, invoiceId }),

    updateInvoiceLine: async (lineId: number, line: ProductLineInput) =>
      (await http<ProductLine>(API_PATHS.invoiceLine(lineId), { method: "PUT", body: JSON.stringify(line) })).json,

    deleteInvoiceLine: async (lineId: number) =>
      (await http<MessageResponse>(API_PATHS.invoiceLine(lineId), { method: "DELETE" })).json,

    /** The VAT rates a line may use (SmartBill's list, or the standard rate alone). */
    taxRates: async (signal?: AbortSignal) => (await http<{ taxes: TaxRate[] }>(API_PATHS.taxes, { signal })).json.taxes,

    /** Queues the import of a warehouse's stock; the Tasks list shows it. */
    importStock: (warehouseId: number) => post<StockImportResponse>(API_PATHS.stockImport(warehouseId)),
  };
}

export type CustomMethods = ReturnType<typeof createCustomMethods>;

/** The app's dataProvider as screens see it: `useDataProvider<AppDataProvider>()`. */
export type AppDataProvider = DataProvider & CustomMethods;
