/** The words of 'Facturi primite' (supplier invoices from SPV) on the server. */
export const receivedInvoiceMessages = {
  notFound: "Factura primită nu a fost găsită.",
} as const;

export const receivedInvoiceFiles = {
  export: (format: "csv" | "xlsx") => `facturi-primite.${format}`,
  sheet: "Facturi primite",
  headers: ["Furnizor", "CIF furnizor", "Număr", "Data emiterii", "Scadența", "Total", "Monedă", "Primită la", "ID descărcare ANAF"],
} as const;
