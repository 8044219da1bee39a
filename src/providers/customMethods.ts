/**
 * The dataProvider's methods beyond CRUD: the calls screens make that are not a resource's list
 * or record (the signed-in user, the SmartBill connection, imports and exports, a send, invoice
 * lines, a sent invoice's life in SmartBill, roles, set-password links, VAT rates). Screens reach
 * them with `useDataProvider<AppDataProvider>()`, so every call to the API goes through the one
 * dataProvider and every URL comes from contract/paths.ts.
 */
import type { DataProvider } from "react-admin";
import type {
  BuyerCheck,
  ChangePasswordRequest,
  CustomerAnafCheck,
  CustomerAnafCheckOfferAnswer,
  CustomerAnafCheckStart,
  CustomerImportResult,
  FirstSteps,
  GenerateSetUrlResponse,
  Invoice,
  InvoiceActionResult,
  InvoiceEmailForm,
  InvoiceEmailRequest,
  InvoiceEvent,
  InvoiceForm,
  InvoiceImportResult,
  InvoicePayment,
  InvoicePaymentBody,
  InvoicePaymentResult,
  InvoiceReverseResult,
  InvoiceSendRequest,
  InvoiceSendResult,
  InvoiceSeriesList,
  MeResponse,
  MessageResponse,
  InvoiceLine,
  InvoiceLineInput,
  PastedLines,
  RoleList,
  SmartBillConnection,
  SmartBillConnectionInput,
  SmartBillConnectionStatus,
  SmartBillConnectionTestResult,
  SmartBillWarehouses,
  StockImportResponse,
  TaxList,
} from "../../contract/api";
import type { ReceiptDeleteResult, ReceiptSeriesList, ReceiptText } from "../../contract/api";
import type { CustomerStatement, StatementEmailRequest } from "../../contract/api";
import type { ReminderPreviewResult, ReminderSendResult, ReminderSettings } from "../../contract/api";
import type { AnafCompany } from "../../contract/anaf";
import type { HomeFigures } from "../../contract/home";
import { API_PATHS, apiPathOf, type ExportableResource } from "../../contract/paths";
import type { RoleName } from "../../contract/roles";
import type { ProformaInvoiceRequest, ProformaInvoiceResult } from "../../contract/schemas/proformaInvoice";
import type { HttpClient } from "./httpClient";
import { requestFile } from "./requestFile";
import { listQuery } from "./specPathDataProvider";

import type { EfacturaAuthorization, EfacturaConnection } from "../../contract/efactura";

export type { TaxRate } from "../../contract/api";

export type ExportFormat = "csv" | "xlsx";

/** A statement's period: yyyy-mm-dd days, both included. */
export interface StatementPeriod {
  dateFrom: string;
  dateTo: string;
}

export type { ProformaInvoiceResult } from "../../contract/schemas/proformaInvoice";

const fileForm = (file: Blob, fields: Record<string, string> = {}) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append("file", file);
  return form;
};

/**
 * `documents`: where the invoice methods below answer, the invoices' routes unless a document
 * kind with the same routes (proformas) asks for its own (src/proformas/ProformaScope.tsx).
 */
export function createCustomMethods(http: HttpClient, documents: string = API_PATHS.invoices) {
  const post = async <T>(url: string, body?: unknown) =>
    (
      await http<T>(url, {
        method: "POST",
        body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
      })
    ).json;

  const get = async <T>(url: string, signal?: AbortSignal) => (await http<T>(url, { signal })).json;
  const put = async <T>(url: string, body: unknown) => (await http<T>(url, { method: "PUT", body: JSON.stringify(body) })).json;
  const remove = async <T>(url: string) => (await http<T>(url, { method: "DELETE" })).json;
  const invoice = (id: number, tail: string) => `${documents}/${id}/${tail}`;

  return {
    /** The signed-in user as the server knows them (email, tenant, roles). */
    me: (signal?: AbortSignal) => get<MeResponse>(API_PATHS.me, signal),

    changePassword: (request: ChangePasswordRequest) => post<MessageResponse>(API_PATHS.changePassword, request),

    /** The tenant's SmartBill settings, the token masked. */
    smartBillConnection: (signal?: AbortSignal) => get<SmartBillConnection>(API_PATHS.smartBillConnection, signal),

    saveSmartBillConnection: (connection: SmartBillConnectionInput) =>
      put<SmartBillConnection & MessageResponse>(API_PATHS.smartBillConnection, connection),

    /** SmartBill's answer to the entered settings; nothing is saved. */
    testSmartBillConnection: (connection: SmartBillConnectionInput) =>
      post<SmartBillConnectionTestResult>(API_PATHS.smartBillConnectionTest, connection),

    smartBillConnectionStatus: (signal?: AbortSignal) => get<SmartBillConnectionStatus>(API_PATHS.smartBillConnectionStatus, signal),

    /** The tenant's connection to ANAF's SPV (never its tokens). */
    efacturaConnection: (signal?: AbortSignal) => get<EfacturaConnection>(API_PATHS.efacturaConnection, signal),

    /** Begins connecting to ANAF: the consent page to send the browser to. */
    connectEfactura: () => post<EfacturaAuthorization>(API_PATHS.efacturaConnection),

    /** An archived e-Factura's file: `base` answers `<base>/pdf` (ANAF's PDF of it) and `<base>/zip` (the signed ZIP). */
    efacturaFile: (base: string, kind: "pdf" | "zip") => requestFile(`${base}/${kind}`),

    /** 'Citește acum': the company's SPV messages read now (the 'efactura-sync' task, one per tenant at a time). */
    syncEfactura: () => post<{ taskId: number; queued: boolean }>(API_PATHS.efacturaSync),

    /** Disconnects the company from ANAF (its tokens revoked there as far as ANAF answers). */
    disconnectEfactura: () => remove<MessageResponse>(API_PATHS.efacturaConnection),

    /** Which of a new tenant's set-up steps are done. */
    firstSteps: (signal?: AbortSignal) => get<FirstSteps>(API_PATHS.firstSteps, signal),

    /** The home's figures: sales, what is owed and overdue, per currency. */
    homeFigures: (signal?: AbortSignal) => get<HomeFigures>(API_PATHS.home, signal),

    /** The roles the signed-in user may grant. */
    availableRoles: (signal?: AbortSignal) => get<RoleList>(API_PATHS.availableRoles, signal),

    assignedRoles: (userId: number, signal?: AbortSignal) => get<RoleList>(API_PATHS.assignedRoles(userId), signal),

    /** Replaces the user's roles with these. */
    assignRoles: (userId: number, roles: RoleName[]) => put<MessageResponse>(API_PATHS.assignRoles(userId), { roles }),

    /** A fresh single-use link to this app's set/reset-password page for the user. */
    setPasswordLink: async (email: string) =>
      (await post<GenerateSetUrlResponse>(API_PATHS.setPasswordLink, { email, baseUrl: `${window.location.origin}/dmz` })).url,

    /** Checks (`dryRun`) or imports a customer workbook. */
    importCustomers: (file: Blob, { dryRun, fillFromAnaf = false }: { dryRun: boolean; fillFromAnaf?: boolean }) =>
      post<CustomerImportResult>(
        `${API_PATHS.customerImport}${dryRun ? "?dryRun=true" : fillFromAnaf ? "?fillFromAnaf=true" : ""}`,
        fileForm(file),
      ),

    /** Whether the import screen offers 'Verifică la ANAF' ticked (no ANAF call). */
    customerAnafCheckOffer: (signal?: AbortSignal) => get<CustomerAnafCheckOfferAnswer>(API_PATHS.customerImportAnafCheck, signal),

    /** Starts the file's ANAF check (a task); its progress and findings: customerAnafCheck. */
    startCustomerAnafCheck: (file: Blob) => post<CustomerAnafCheckStart>(API_PATHS.customerImportAnafCheck, fileForm(file)),

    customerAnafCheck: (taskId: number, signal?: AbortSignal) => get<CustomerAnafCheck>(`${API_PATHS.customerImportAnafCheck}/${taskId}`, signal),

    /**
     * The company ANAF knows by a CIF ('Completează din ANAF'; a day's answer kept for every
     * tenant). Refused with the server's Romanian sentence: 400 a wrong control digit, 404 a CIF
     * ANAF does not know, 503 ANAF cannot be asked now.
     */
    anafCompany: (cif: string, signal?: AbortSignal) => get<AnafCompany>(`${API_PATHS.anafCompany}/${encodeURIComponent(cif)}`, signal),

    customerImportTemplate: () => requestFile(API_PATHS.customerImportTemplate),

    /** The workbook's rejected rows, each with its reason, as a workbook. */
    customerImportErrors: (file: Blob) => requestFile(API_PATHS.customerImportErrors, fileForm(file)),

    /** The rows a list shows (same filter and sort; every page), as the server's file. */
    exportList: (
      resource: ExportableResource,
      { filter, sort, format }: { filter: Record<string, unknown>; sort: { field: string; order: string }; format: ExportFormat },
    ) => requestFile(`${API_PATHS.listExport(resource)}?${listQuery(filter, sort, { format })}`),

    /** A new invoice from the form and the workbook of its lines. */
    importInvoice: (form: Partial<InvoiceForm>, file: Blob) =>
      post<InvoiceImportResult>(`${documents}/import`, fileForm(file, { payload: JSON.stringify(form) })),

    invoiceImportTemplate: () => requestFile(API_PATHS.invoiceImportTemplate),

    /** SmartBill's invoice series (empty when SmartBill cannot be asked). */
    invoiceSeries: (signal?: AbortSignal) => get<InvoiceSeriesList>(API_PATHS.invoiceSeries, signal),

    /** SmartBill's series of the documents these methods speak for (invoices' or proformas'), for their form. */
    documentSeries: (signal?: AbortSignal) => get<InvoiceSeriesList>(`${documents}/series`, signal),

    /** With `acceptBuyerProblems`, sent despite the buyer's problems for e-Factura (the history names them); without, no body, as ever. */
    sendInvoice: (invoiceId: number, request?: InvoiceSendRequest) => post<InvoiceSendResult>(`${documents}/send/${invoiceId}`, request),

    /** What e-Factura would refuse of the invoice's customer, as stored. */
    invoiceBuyerCheck: (invoiceId: number, signal?: AbortSignal) => get<BuyerCheck>(invoice(invoiceId, "buyer-check"), signal),

    /** 'Emite factura': a SmartBill draft sent earlier, sent again as a final invoice. */
    issueDraftInvoice: (invoiceId: number) => post<InvoiceSendResult>(invoice(invoiceId, "issue")),

    addInvoiceLine: (invoiceId: number, line: InvoiceLineInput) =>
      post<InvoiceLine>(`${documents}/${invoiceId}/line`, { ...line, invoiceId }),

    /** A block pasted from a spreadsheet: the good rows become lines, the others come back with their cells and problems. */
    pasteInvoiceLines: (invoiceId: number, text: string) => post<PastedLines>(`${documents}/${invoiceId}/paste`, { text }),

    updateInvoiceLine: (lineId: number, line: InvoiceLineInput) => put<InvoiceLine>(`${documents}/line/${lineId}`, line),

    deleteInvoiceLine: async (lineId: number) =>
      (await http<MessageResponse>(`${documents}/line/${lineId}`, { method: "DELETE" })).json,

    /** The VAT rates a line may use (SmartBill's list, or the standard rate alone). */
    /** The tenant's VAT rates and where they come from: SmartBill now, the list saved from an earlier read, or none read yet. */
    taxList: (signal?: AbortSignal) => get<TaxList>(API_PATHS.taxes, signal),

    /* An invoice's life after the send: each answers SmartBill's message and the invoice now. */

    /** SmartBill's PDF of a sent invoice. */
    invoicePdf: (invoiceId: number) => requestFile(invoice(invoiceId, "pdf")),
    /** The signed ZIP ANAF returned for the invoice (invoice + the Ministry of Finance's signature), and ANAF's PDF of it. */

    /** The e-mail form prefilled: the customer's address, the tenant's cc, subject and body. */
    invoiceEmailForm: (invoiceId: number, signal?: AbortSignal) => get<InvoiceEmailForm>(invoice(invoiceId, "email"), signal),

    emailInvoice: (invoiceId: number, form: InvoiceEmailRequest) => post<MessageResponse>(invoice(invoiceId, "email"), form),

    cancelInvoice: (invoiceId: number) => post<InvoiceActionResult>(invoice(invoiceId, "cancel")),

    restoreInvoice: (invoiceId: number) => post<InvoiceActionResult>(invoice(invoiceId, "restore")),

    /** The storno; `requestId` made once per confirmation, so a retry makes no second one. */
    reverseInvoice: (invoiceId: number, requestId: string) => post<InvoiceReverseResult>(invoice(invoiceId, "reverse"), { requestId }),

    deleteInvoiceFromSmartBill: (invoiceId: number) => remove<InvoiceActionResult>(invoice(invoiceId, "smartbill")),

    /** SmartBill's payment types (Ordin plata, Card, Chitanta, CEC, …). */
    paymentTypes: (signal?: AbortSignal) => get<string[]>(`${API_PATHS.invoices}/payment-types`, signal),

    invoicePayments: (invoiceId: number, signal?: AbortSignal) => get<InvoicePayment[]>(invoice(invoiceId, "payments"), signal),

    addInvoicePayment: (invoiceId: number, payment: InvoicePaymentBody) => post<InvoicePaymentResult>(invoice(invoiceId, "payments"), payment),

    deleteInvoicePayment: (invoiceId: number, paymentId: number) => remove<InvoicePaymentResult>(invoice(invoiceId, `payments/${paymentId}`)),

    /** SmartBill's payment status read again now. */
    refreshPaymentStatus: (invoiceId: number) => post<InvoicePaymentResult>(invoice(invoiceId, "payment-status")),

    /** What was done with the invoice, oldest first. */
    invoiceHistory: (invoiceId: number, signal?: AbortSignal) => get<InvoiceEvent[]>(invoice(invoiceId, "history"), signal),

    /** 'Transformă în factură': the invoice issued from a sent proforma, in `seriesName` (the tenant's default series when absent), once. */
    invoiceFromProforma: (proformaId: number, body: ProformaInvoiceRequest) =>
      post<ProformaInvoiceResult>(`${apiPathOf("proformas")}/${proformaId}/invoice`, body),

    /** The warehouses SmartBill knows (its stock answer names them), for the warehouse form to offer. */
    smartBillWarehouses: (signal?: AbortSignal) => get<SmartBillWarehouses>(API_PATHS.smartBillWarehouses, signal),

    /** Every action the audit log knows (its filter's choices): contract/auditActions.ts's and each plain resource's. */
    auditActions: (signal?: AbortSignal) => get<{ actions: string[] }>(API_PATHS.auditActions, signal),

    /** Queues the import of a warehouse's stock; the Tasks list shows it. */
    importStock: (warehouseId: number) => post<StockImportResponse>(API_PATHS.stockImport(warehouseId)),

    /** SmartBill's receipt series, for the receipt form. */
    receiptSeries: (signal?: AbortSignal) => get<ReceiptSeriesList>(API_PATHS.receiptSeries, signal),

    /** A fiscal receipt's text for the cash register. */
    fiscalReceiptText: (receiptId: number, signal?: AbortSignal) => get<ReceiptText>(`${API_PATHS.receipts}/${receiptId}/text`, signal),

    /** Deletes a receipt from SmartBill (the last of its series only); the row stays, marked deleted. */
    deleteReceipt: (receiptId: number) => remove<ReceiptDeleteResult>(`${API_PATHS.receipts}/${receiptId}`),

    /**
     * 'Duplică': a new draft of the same kind (an invoice, a proforma) with the form and lines of
     * this one, dated today; `resource` is the kind's resource, whose path the table names.
     */
    duplicateDocument: (resource: string, id: number) => post<Invoice>(`${apiPathOf(resource)}/${id}/duplicate`),

    /** A customer's statement ('Fișa client') for a period: per currency, the opening balance, the lines, the closing balance. */
    customerStatement: (customerId: number, period: StatementPeriod, signal?: AbortSignal) =>
      get<CustomerStatement>(`${API_PATHS.customerStatement(customerId)}?${new URLSearchParams({ ...period })}`, signal),

    /** The same statement as the server's PDF or workbook. */
    customerStatementFile: (customerId: number, period: StatementPeriod, format: "pdf" | "xlsx") =>
      requestFile(`${API_PATHS.customerStatement(customerId)}/${format}?${new URLSearchParams({ ...period })}`),

    /** The statement's PDF e-mailed to `to` by the server. */
    emailCustomerStatement: (customerId: number, request: StatementEmailRequest) =>
      post<MessageResponse>(`${API_PATHS.customerStatement(customerId)}/email`, request),
    /** The tenant's reminder template and interval ('Șablon reamintire'). */
    reminderSettings: (signal?: AbortSignal) => get<ReminderSettings>(API_PATHS.reminderSettings, signal),
    saveReminderSettings: (settings: ReminderSettings) => put<ReminderSettings>(API_PATHS.reminderSettings, settings),
    /** Each selected invoice's reminder as it would go, or why not. */
    reminderPreview: (invoiceIds: number[]) => post<ReminderPreviewResult>(API_PATHS.reminderPreview, { invoiceIds }),
    /** 'Trimite': the task that sends them (followed as any task, `getOne("tasks")`). */
    sendReminders: (invoiceIds: number[]) => post<ReminderSendResult>(API_PATHS.reminders, { invoiceIds }),
  };
}

export type CustomMethods = ReturnType<typeof createCustomMethods>;

/** The app's dataProvider as screens see it: `useDataProvider<AppDataProvider>()`. */
export type AppDataProvider = DataProvider & CustomMethods;
