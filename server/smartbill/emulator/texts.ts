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

  // §4.1 and §10.b proformas (SPEC26). `document` is series and number joined: "pro0222".
  estimateProductsRequired: "estimateProducts trebuie specificat si trebuie sa contina cel putin un element",
  estimateForeignPrices: "Aveti produse care au pretul in alta moneda decat cea a proformei.",
  estimateNumberRequiredInUrl: "Numarul proformei trebuie specificat in url in parametrul 'number'!",
  estimateSeriesRequiredInUrl: "Seria proformei trebuie specificata in url in parametrul 'seriesname'!",
  // /estimate/invoices writes series and number apart, and ends with a full stop (not "!").
  estimateNotFoundApart: (series: string, number: string) =>
    `Proforma cu seria ${series} si numarul ${number} nu a fost gasita.`,
  estimateNotInvoiced: (series: string, number: string) =>
    `Proforma cu seria ${series} si numarul ${number} nu a fost facturata.`,
  estimateCancelled: (document: string) => `Proforma cu seria si numarul ${document} a fost anulata cu succes.`,
  estimateAlreadyCancelled: (document: string) => `Proforma ${document} este deja anulata.`,
  estimateRestored: (document: string) => `Proforma cu seria si numarul ${document} a fost restaurata cu succes.`,
  estimateRestoreNotNeeded: (document: string) => `Proforma ${document} nu necesita restaurare.`,
  estimateDeleted: (document: string) => `Proforma cu seria si numarul ${document} a fost stearsa cu succes.`,
  // An invoice from a proforma (useEstimateDetails). SPEC26 elides the name ("Factura proforma ...
  // nu a fost gasita!"); series and number joined, as SmartBill's other texts print a document.
  invoiceEstimateNotFound: (document: string) => `Factura proforma ${document} nu a fost gasita!`,
  estimateWithoutProducts: "Proforma nu contine produse!",

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

  // §4.1 cancel, restore, delete, reverse (SPEC26). `document` is series and number joined: "fac3744".
  numberRequiredInUrl: "Numarul facturii trebuie specificat in url in parametrul 'number'!",
  seriesRequiredInUrl: "Seria facturii trebuie specificata in url in parametrul 'seriesname'!",
  invoiceNotFoundNamed: (document: string) => `Factura cu seria si numarul ${document} nu a fost gasita!`,
  cancelled: (document: string) => `Factura cu seria si numarul ${document} a fost anulata cu succes.`,
  alreadyCancelled: (document: string) => `Factura ${document} este deja anulata.`,
  restored: (document: string) => `Factura cu seria si numarul ${document} a fost restaurata cu succes.`,
  restoreNotNeeded: (document: string) => `Factura ${document} nu necesita restaurare.`,
  // Ours: SWAGGER says only that cancelling meets "storno-chain" errors, not in which words.
  cancelReversed: (document: string, storno: string) =>
    `Factura ${document} a fost stornata prin factura ${storno}. Anulati intai factura storno.`,
  deleted: (document: string) => `Factura cu seria si numarul ${document} a fost stearsa cu succes.`,
  // SPEC26 writes series and number apart here ("fac 3749").
  notLastInSeries: (series: string, number: string) =>
    `Nu poti sterge documentul cu seria si numarul ${series} ${number}, deoarece nu este ultimul din serie!`,
  // Ours: the sources do not say how SmartBill refuses deleting an invoice that has payments.
  deletePaid: (document: string) => `Factura ${document} are incasari. Stergeti intai incasarile facturii.`,
  seriesRequired: "Seria facturii trebuie specificata in parametrul 'seriesname'!",
  // Ours, by analogy with the one above.
  numberRequired: "Numarul facturii trebuie specificat in parametrul 'number'!",
  alreadyReversed: "Factura este deja stornata.",
  reverseCancelled: (document: string) => `Factura ${document} este anulata.`,
  reverseStorno: (document: string) => `Factura ${document} este de tip storno. Nu se poate storna.`,
  reverseBeforeOriginal: "Data emiterii facturii storno nu poate fi anterioara datei emiterii facturii stornate.",

  // §4.2 payments (SPEC26)
  paymentTypeMissing: "Tipul incasarii trebuie specificat.",
  paymentTypeNotFound: "Tipul documentului nu a fost gasit pe server!",
  paymentValueMissing: "Valoarea incasarii trebuie specificata.",
  // The source cuts it short ("…"): the second sentence is ours.
  paymentClientMissing: "Datele clientului trebuie specificate. Completati cel putin numele clientului.",
  // The source cuts it short ("…"): the second sentence is ours.
  paymentInvoiceCancelled: (document: string) =>
    `Factura ${document} este anulata, nu o puteti incasa. Restaurati factura pentru a o incasa.`,
  paymentFullyPaid: "Factura este incasata sau stornata in totalitate.",
  // Ours: the sources name no text for a payment larger than what is left to pay.
  paymentOverUnpaid: (document: string, unpaid: string) =>
    `Valoarea incasarii depaseste restul de plata al facturii ${document} (${unpaid}).`,
  paymentClientCifMismatch: (document: string) =>
    `Ciful clientului de pe factura ${document} difera de ciful clientului incasarii!`,
  receiptOnlyInLei: "Bonurile fiscale pot fi emise doar in Lei!",
  // Ours: a Chitanta needs a receipt series; SmartBill's text for a wrong one is not in the sources.
  receiptSeriesNotFound: "Seria chitantei nu a fost gasita! Folositi o serie de chitante creata in contul de cloud.",
  receiptNotFound: "Chitanta nu a fost gasita.",
  receiptDeleted: (document: string) => `Chitanta cu seria si numarul ${document} a fost stearsa cu succes.`,
  paymentsNotFound: "Nu au fost gasite incasari conform datelor specificate.",
  paymentTypeForDelete: (types: readonly string[]) =>
    `Tipul incasarii (paymentType) poate fi ${types.map((type) => `'${type}'`).join(", ")}.`,
  paymentDeleted: (client: string, cif: string, date: string, value: string, type: string) =>
    `Incasarea emisa catre clientul ${client} ${cif} in data de ${date} cu valoare de ${value} de tip ${type} a fost stearsa cu succes.`,
  // Ours, by analogy with the invoice's: DELETE /payment/v2 needs the invoice or the four payment fields.
  paymentDeleteWhich:
    "Specificati factura incasata (invoiceSeries si invoiceNumber) sau data, valoarea, numele si ciful clientului incasarii (paymentDate, paymentValue, clientName si clientCif).",

  // §4.2 /document/send (SPEC26), in its own {status: {code, message}} envelope
  documentSent: "Documentul a fost trimis cu succes.",
  documentNotFound: "Documentul nu a fost gasit",
  subjectNotBase64: "Subiectul emailului trebuie sa fie codat folosind Base64.",
  bodyNotBase64: "Continutul emailului trebuie sa fie codat folosind Base64.",
  invalidAddresses: "Invalid Addresses",
  // SPEC26, with its double space after the field's name.
  documentTypeInvalid: (type: string) =>
    `Valoarea campului 'type' nu este suportata (${type}). Valorile acceptate sunt: factura, proforma.`,
  documentTypeRequired: "type  trebuie specificat. Valorile acceptate sunt: factura, proforma.",
  documentNumberRequired: "Numarul documentului  trebuie specificat",
  // Ours: the subject and body SmartBill's account settings would give when the call sends none.
  defaultSubject: (document: string) => `Factura ${document}`,
  defaultBody: "Buna ziua,\n\nAtasat gasiti factura #serie numar document# in valoare de #total document#.\n\nO zi buna!",
  // Ours, as the two above, for a proforma.
  defaultEstimateSubject: (document: string) => `Factura proforma ${document}`,
  defaultEstimateBody:
    "Buna ziua,\n\nAtasat gasiti factura proforma #serie numar document# in valoare de #total document#.\n\nO zi buna!",

  // §5: the observed lockout answer (AL); SWAGGER's older one.
  lockout: (minutes: number, blockedAt: string) =>
    `Ai depasit limita maxima de requesturi admisa. Vei putea executa alte requesturi dupa ${minutes} min de la momentul blocarii ${blockedAt}`,
  rateLimitExceeded: "Rate limit exceeded. Watch the rate limit headers",
} as const;
