/**
 * What the Romanian interface must not say: English UI words, role codes (ROLE_…) and a few
 * Romanian words written without their diacritics. Read by the scan of every screen in the
 * browser (test/e2e/romanianInterface.spec.ts) and by the fast check of every string of
 * i18n/ro.ts (i18n/romanianWords.test.ts), so both look for the same things.
 *
 * A word list, not a dictionary: the common words of a back office's interface (buttons, column
 * headers, states, errors) and English's small words, which no Romanian sentence holds, plus two
 * endings Romanian does not have (-ing, -tion). Words Romanian shares with English are left out
 * (Client, Total, Import, Export, Date, Data, Contact, Document, Status, Link, Email, Demo, Management,
 * Invalid, and the Romanian 'are', 'create', 'confirm', 'continue', 'an').
 */

/** Whole words, compared without regard to case. */
export const ENGLISH_WORDS = [
  // buttons and actions
  "Add", "Edit", "Delete", "Remove", "Save", "Cancel", "Close", "Submit", "Reset", "Select", "Choose",
  "Update", "Refresh", "Reload", "Search", "Filter", "Filters", "Sort", "Clear", "Show", "Hide",
  "Back", "Next", "Previous", "Upload", "Download", "Send", "Manage", "Open",
  "Copy", "Print", "Login", "Logout", "Sign", "Register",
  // what screens and columns are called
  "Name", "Description", "Created", "Updated", "Actions", "Action", "Tenant", "Tenants", "User", "Users",
  "Role", "Roles", "Settings", "Properties", "Profile", "Password", "Home", "Menu", "Page", "About",
  "Warehouse", "Warehouses", "Customer", "Customers", "Invoice", "Invoices", "Stock", "Product",
  "Products", "Task", "Tasks", "Payment", "Payments", "Amount", "Type", "Value", "File",
  "Administration", "Dashboard", "Welcome", "Details", "Rows", "Results",
  // states and messages
  "Error", "Loading", "Required", "Missing", "Forbidden", "Success", "Failed", "Done",
  "Pending", "Yes", "Unknown", "Unexpected", "Something", "wrong", "please", "found",
  // the loanword and its Romanian forms: the interface says 'firmă' (a company), as a clerk does
  "Tenantul", "Tenantului", "Tenanți", "Tenanților",
  // English's small words
  "the", "and", "or", "of", "to", "is", "for", "with", "your", "you", "this", "not", "no", "from",
  "be", "by", "has", "was", "will", "can", "must",
] as const;

/** Written signs of English that are not words ('N/A' where Romanian writes '—' or 'nu este cazul'). */
export const ENGLISH_SIGNS = ["N/A"] as const;

/** Endings no Romanian word of the interface has (a loanword that does is allowed below). */
export const ENGLISH_ENDINGS = [/^\p{L}{2,}ing$/iu, /^\p{L}{2,}tions?$/iu];

/** Romanian words the interface must write with their diacritics (or English ones: "in", "print"). */
export const WITHOUT_DIACRITICS = [
  "si", "in", "clienti", "ciorna", "completati", "esuata", "parametrii", "introduceti", "alegeti",
] as const;

/**
 * Accepted although they look English, each with the reason. Masked before the words are looked
 * for; matched case-insensitively as whole phrases.
 */
export const ALLOWED: Readonly<Record<string, string>> = {
  SmartBill: "the invoicing service's name",
  "SmartBill Cloud": "the name of SmartBill's web application, where the API token is found",
  Excel: "the spreadsheet program's name",
  CSV: "a file format",
  XLSX: "a file format",
  XLS: "a file format",
  PDF: "a file format",
  "e-mail": "the Romanian word (DOOM), as 'email' in the product's older strings",
  CIF: "the Romanian tax id",
  IBAN: "the bank account number's name",
  ANAF: "the Romanian tax authority",
  API: "SmartBill's API, as its own screens name it",
  token: "SmartBill's name for the API key, as its own screens say",
  "Demo SRL": "the demo company's name",
  marketing: "a Romanian loanword (the landing page)",
  "marketplace-urile": "a Romanian loanword with its Romanian ending (the landing page)",
  "en gros": "the Romanian trade term (from French), a warehouse type in SmartBill",
  "en detail": "the Romanian trade term (from French), a warehouse type in SmartBill",
  "X-Tenant-ID": "the API header's name in the server's message about it",
  "Cc": "the e-mail field's universal name",
  "UM": "the Romanian abbreviation of 'unitate de măsură'",
};

export interface Finding {
  /** what was found: the word, or the ROLE_ code */
  word: string;
  kind: "english" | "role code" | "no diacritics";
  /** the words around it */
  context: string;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A whole word: no letter or digit right before or after it (diacritics count as letters). */
const wholeWord = (word: string) => new RegExp(`(?<![\\p{L}\\p{N}_])${escape(word)}(?![\\p{L}\\p{N}_])`, "giu");
const ALLOWED_PATTERNS = Object.keys(ALLOWED)
  .sort((a, b) => b.length - a.length)
  .map(wholeWord);
const ENGLISH_PATTERNS = ENGLISH_WORDS.map((word) => [word, wholeWord(word)] as const);
const DIACRITIC_PATTERNS = WITHOUT_DIACRITICS.map((word) => [word, wholeWord(word)] as const);
/**
 * Data, not words: addresses, e-mail addresses, placeholders (%{name}, #total document#), paths
 * and dotted names (a setting's 'smtp.password', a domain).
 */
const NOT_WORDS = [/\bhttps?:\/\/\S+/g, /\S+@\S+/g, /%\{\w+\}/g, /#\w+#/g, /\/[\w\-/.:?=&%]+/g, /[\w-]+(?:\.[\w-]+)+/g];

function contextAt(text: string, index: number, length: number): string {
  return text.slice(Math.max(0, index - 30), index + length + 30).replace(/\s+/g, " ").trim();
}

/** Every English word, role code and word missing its diacritics in `text`. */
export function findNonRomanian(text: string): Finding[] {
  const findings: Finding[] = [];
  for (const match of text.matchAll(/ROLE_[A-Z_]+/g)) {
    findings.push({ word: match[0], kind: "role code", context: contextAt(text, match.index, match[0].length) });
  }
  for (const sign of ENGLISH_SIGNS) {
    for (const match of text.matchAll(wholeWord(sign))) {
      findings.push({ word: sign, kind: "english", context: contextAt(text, match.index, match[0].length) });
    }
  }
  let words = text;
  for (const pattern of [...NOT_WORDS, ...ALLOWED_PATTERNS]) words = words.replace(pattern, (found) => " ".repeat(found.length));
  for (const [word, pattern] of ENGLISH_PATTERNS) {
    for (const match of words.matchAll(pattern)) {
      findings.push({ word, kind: "english", context: contextAt(text, match.index, match[0].length) });
    }
  }
  for (const match of words.matchAll(/\p{L}+/gu)) {
    if (ENGLISH_ENDINGS.some((ending) => ending.test(match[0]))) {
      findings.push({ word: match[0], kind: "english", context: contextAt(text, match.index, match[0].length) });
    }
  }
  for (const [word, pattern] of DIACRITIC_PATTERNS) {
    for (const match of words.matchAll(pattern)) {
      findings.push({ word, kind: "no diacritics", context: contextAt(text, match.index, match[0].length) });
    }
  }
  // A word both listed and with an English ending is one finding.
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.kind}|${finding.word.toLowerCase()}|${finding.context}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
