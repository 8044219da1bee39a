/**
 * Every kind of task the worker runs, by the name stored in `tasks.kind`. A new kind adds its
 * line here and its file under kinds/.
 */
import { createAnafRefresh } from "./kinds/anafRefresh";
import { createPaymentStatusRefresh } from "./kinds/paymentStatusRefresh";
import { createStockImport } from "./kinds/stockImport";
import { createCustomerAnafCheck } from "./kinds/customerAnafCheck";
import { createInvoiceReminders } from "./kinds/invoiceReminders";
import { createEfacturaSync } from "./kinds/efacturaSync";
import { createEfacturaTokenRefresh } from "./kinds/efacturaTokenRefresh";
import type { TaskKind } from "../../contract/api";
import type { TaskHandler, TaskKinds } from "./types";

export const TASK_KINDS = {
  "stock-import": createStockImport(),
  "payment-status": createPaymentStatusRefresh(),
  "customer-anaf-check": createCustomerAnafCheck(),
  "anaf-refresh": createAnafRefresh(),
  "invoice-reminders": createInvoiceReminders(),
  "efactura-sync": createEfacturaSync(),
  "efactura-token-refresh": createEfacturaTokenRefresh(),
} satisfies Record<TaskKind, TaskHandler> as TaskKinds;
