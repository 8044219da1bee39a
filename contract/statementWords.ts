/**
 * A customer's statement's words that both its files (server/routes/api/customers/statementPdf.ts,
 * statementXlsx.ts) and its screen (src/customers/CustomerStatement.tsx) write: one home, so the
 * PDF the customer receives and the table the clerk reads say the same.
 */
export const STATEMENT_WORDS = {
  columns: { date: "Data", document: "Document", description: "Explicație", debit: "Debit", credit: "Credit", balance: "Sold" },
  opening: "Sold inițial",
  totals: "Total rulaj perioadă",
  closing: "Sold final",
  nothing: "Nicio factură sau încasare a clientului până la sfârșitul perioadei.",
} as const;
