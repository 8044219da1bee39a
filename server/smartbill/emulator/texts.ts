/**
 * SmartBill's own texts, verbatim from ../shared/spec/smartbill-api.md (Romanian without
 * diacritics, as SmartBill writes them). Where a source shows only the start of a text ("…"),
 * the rest here is ours and says so.
 */
export const texts = {
  // §1
  authFailed: "Autentificare esuata. Va rugam verificati datele si incercati din nou.",
  companyGone: "Firma la care incercati sa va conectati nu mai este disponibila in Cloud.",
  companyNotForUser: "Firma la care incercati sa va conectati nu este disponibila pentru acest utilizator.",
  internalServerError: "Internal Server Error!",

  // §3 stocks
  stockDateRequired: "Data la care vreti sa aflati valoarea stocului trebuie specificata!",
  stockDateFormat: "Data trebuie sa fie de forma yyyy-MM-dd.",
  warehouseNotFound: (name: string) => `Gestiunea ${name} nu a fost gasita pe server.`,
  cifRequired: "Ciful firmei trebuie specificat!",

  // §4.2 series
  badSeriesType: (type: string) =>
    `Tipul documentului nu poate fi ${type}! Parametrul type poate lua valorile: 'f' pentru factura, 'p' pentru proforma si 'c' pentru chitanta.`,

  // §2.2 invoice
  companyVatCodeRequired: "CIF-ul firmei ('companyVatCode') trebuie specificat",
  countryRequired: "tara trebuie specificata",
  clientInvalid: "Client invalid!",
  productsRequired: "invoiceProducts trebuie specificat si trebuie sa contina cel putin un element",
  tooManyLines: "Numarul maxim acceptat de 400 intrari pe document a fost depasit.",
  seriesNotFound: "Seria nu a fost gasita! Folositi o serie creata in contul de cloud.",
  issueDateFormat: "Data documentului trebuie sa fie de forma yyyy-MM-dd.",
  currencyNotFound: "Moneda nu a fost gasita pe server!",
  languageNotFound: "Limba nu a fost gasita pe server!",
  paymentTaxNotVatPayer: "O firma neplatitoare de tva nu poate folosi tva la incasare!",
  paymentTypeRequired: "type trebuie specificat pentru incasare",
  paymentValueRequired: "value trebuie specificat pentru incasare",
  paymentIsCashRequired: "isCash trebuie specificat pentru incasare",
  clientEmailRequired: "Trebuie specificata adresa de email a clientului.",
  emailServerMissing: "Server-ul de email nu a fost configurat.",
  productNameRequired: "name trebuie specificat pentru fiecare produs",
  productCodeRequired: (name: string) => `Produsul ${name} nu are codul specificat.`,
  unitRequired: "measuringUnitName trebuie specificat pentru fiecare produs",
  taxRequired: (name: string) => `Trebuie sa setezi o cota tva pentru produsul ${name}.`,
  taxNotFound: (name: string) => `Cota tva a produsului ${name} nu a fost gasita pe server!`,
  // The source cuts this one short ("…"): the first sentence is SmartBill's.
  onlyDiscount: "Nu poti sa emiti un document care contine doar un discount.",
  discountValueRequired: "discountValue trebuie specificat pentru fiecare produs de tip discount",
  discountPercentRequired: "Trebuie sa introduceti valoarea procentului!",
  discountMixedTaxes:
    "La aplicarea unui discount pentru produse cu cote tva diferite, trebuie sa specifici si cota tva a discountului.",
  estimateNotFound: (series: string, number: string) =>
    `Proforma cu seria si numarul ${series}${number} nu a fost gasita!`,

  // §3 stock discharge
  stockModuleInactive: "Modulul stoc nu este activ!",
  warehouseNotSet: (product: string) => `Gestiunea predatoare nu este setata pentru produsul ${product}.`,
  dischargeWarehouseNotFound: (warehouse: string, product: string) =>
    `Gestiunea predatoare ${warehouse} a produsului ${product} nu a fost gasita.`,
  // After the <br/> the advice is ours: the sources show only that one follows.
  noPurchase: (product: string) =>
    `Nu ai facut nicio achizitie pentru produsul ${product}.<br/>Adauga o intrare in stoc pentru acest produs si incearca din nou.`,
  insufficientStock: (document: string, date: string, product: string, warehouse: string) =>
    `Cantitate stoc insuficienta la <b>${document}</b> din data <b>${date}</b> pentru produsul <b>${product}</b> din gestiunea ${warehouse}.`,
  noConversion: (unit: string, product: string) =>
    `Unitatea de masura ${unit} a produsului ${product} nu are factor de conversie setat.` +
    '<div id="moreErrorDetails" style="display:none"><p>Factorul de conversie se seteaza din nomenclatorul de produse.</p>' +
    "<p>Deschide produsul, alege unitatea de masura si completeaza cate unitati de baza contine.</p></div>",

  // §4.1 payment status
  invoiceNumberRequired: "Numarul facturii trebuie specificat",
  invoiceNotFound: "Factura nu a fost gasita",

  // §5: the observed lockout answer (AL); SWAGGER's older one.
  lockout: (minutes: number, blockedAt: string) =>
    `Ai depasit limita maxima de requesturi admisa. Vei putea executa alte requesturi dupa ${minutes} min de la momentul blocarii ${blockedAt}`,
  rateLimitExceeded: "Rate limit exceeded. Watch the rate limit headers",
} as const;
