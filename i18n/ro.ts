/**
 * The source of truth for the product's words: the spec's Romanian strings, verbatim where the
 * spec quotes them (some of its quoted strings are English: 'About Page', 'Loading...', 'Menu'),
 * and react-admin's own messages in Romanian so no English leaks into the UI.
 */
import { raRomanianMessages } from "./raRomanian";

export const ro = {
  ...raRomanianMessages,
  app: {
    title: "Platforma B2B",
    restoring: "Loading...",
    userLoading: "Loading",
    language: "Limba",
    notAvailable: "N/A",
  },
  appBar: {
    profile: "Profil",
    logout: "Deconectare",
    login: "Autentificare",
  },
  menu: {
    title: "Menu",
    sections: {
      general: "General",
      smartbill: "SmartBill",
      stock: "SmartBill - stoc/depozite",
      customers: "SmartBill - clienti",
      administration: "Administration",
    },
    home: "Acasă",
    invoiceImport: "Import factură",
    invoices: "Facturi importate",
    stock: "Stoc produse",
    stockImport: "Import stoc",
    warehouses: "Depozite",
    customers: "Clienți",
    customerImport: "Import clienți",
    tenants: "Tenanți",
    users: "Utilizatori",
    properties: "Setări",
  },
  footer: {
    copyright: "© %{year} Platforma B2B. Toate drepturile rezervate.",
    privacy: "Politica de confidențialitate",
    terms: "Termeni și condiții",
  },
  landing: {
    hero: "Platforma B2B de Schimburi Comerciale",
    subtitle: "Facturare, stocuri și clienți într-un singur loc, conectate la SmartBill.",
    b2bTitle: "Schimburi B2B",
    b2bText: "Lucrați cu partenerii de afaceri pe aceeași platformă: clienți, comenzi și documente comerciale.",
    invoicingTitle: "Integrare SmartBill",
    invoicingText: "Importați facturi din Excel, verificați-le linie cu linie și trimiteți-le în SmartBill.",
    marketplaceTitle: "Integrare marketplace",
    marketplaceText: "Sincronizați stocurile și produsele cu marketplace-urile pe care vindeți.",
    register: "Înregistrare",
  },
  about: { title: "About Page" },
  contact: { title: "Contact Page" },
  login: {
    title: "Autentificare",
    email: "Adresa de email",
    password: "Parola",
    submit: "Conectați-vă",
    recover: "Recuperare parolă",
    required: "Vă rugăm introduceți o valoare!",
    error: "Eroare la autentificare: %{message}",
  },
  profile: {
    title: "Profil",
    email: "Email",
    tenant: "Tenant",
    roles: "Roluri",
    noRoles: "Niciun rol atribuit",
    changePassword: "Schimbare Parolă",
    notSignedIn: "Nu sunteți autentificat!",
    goToLogin: "Autentificare",
  },
  recover: {
    title: "Recuperare parolă",
    intro: "Introduceți adresa de email a contului. Veți primi un link pentru resetarea parolei.",
    email: "Adresa de email",
    submit: "Trimite linkul de resetare",
    backToLogin: "Înapoi la autentificare",
  },
  password: {
    required: "Te rog să completezi toate câmpurile.",
    mismatch: "Parolele nu corespund",
    tooShort: "Parola trebuie să aibă cel puțin %{min} caractere.",
    genericError: "A apărut o eroare.",
  },
  changePassword: {
    title: "Schimbare Parolă",
    current: "Parola curentă",
    new: "Parola nouă",
    confirm: "Confirmă parola nouă",
    submit: "Schimbă parola",
  },
  setPassword: {
    setTitle: "Setează parola",
    resetTitle: "Resetează parola",
    email: "Adresa de email",
    password: "Parola nouă",
    confirm: "Confirmă parola",
    submit: "Salvează parola",
    invalidPath: "403 Forbidden: Invalid URL path.",
    missingParams: "403 Forbidden: Missing required parameters.",
  },
  notFound: {
    title: "Pagină Inexistentă",
    text: "Pagina căutată nu există sau nu aveți acces la ea.",
    home: "Înapoi la pagina principală",
  },
  error: {
    title: "Something went wrong.",
    details: "Detalii tehnice",
    routerTitle: "Unexpected Application Error!",
  },
  privacy: {
    title: "Politica de confidențialitate",
    p1: "Prelucrăm datele de identificare ale utilizatorilor (adresa de email, rolurile și compania) doar pentru autentificare și pentru funcționarea platformei.",
    p2: "Datele clienților, produselor și facturilor importate aparțin companiei care le-a importat, sunt vizibile doar utilizatorilor acesteia și sunt transmise către SmartBill numai la cererea dumneavoastră.",
    p3: "Puteți cere oricând accesul la datele dumneavoastră, corectarea sau ștergerea lor scriindu-ne prin pagina de contact.",
  },
  terms: {
    title: "Termeni și condiții",
    p1: "Platforma este destinată companiilor care facturează prin SmartBill; conturile sunt create de administratorul companiei.",
    p2: "Sunteți responsabil pentru corectitudinea datelor importate și pentru facturile trimise către SmartBill din contul companiei.",
    p3: "Păstrați confidențialitatea parolei; orice acțiune făcută din contul dumneavoastră vă este atribuită.",
  },
  placeholder: {
    text: "Acest ecran va fi disponibil în curând.",
  },
  resources: {
    tenants: { name: "Tenant |||| Tenanți |||| Tenanți" },
    users: { name: "Utilizator |||| Utilizatori |||| Utilizatori" },
    properties: { name: "Setare |||| Setări |||| Setări" },
    invoices: { name: "Factură |||| Facturi |||| Facturi" },
    customers: { name: "Client |||| Clienți |||| Clienți" },
    stock: { name: "Produs |||| Produse |||| Produse" },
    warehouses: { name: "Depozit |||| Depozite |||| Depozite" },
  },
};

type DeepStrings<T> = { [K in keyof T]: T[K] extends string ? string : DeepStrings<T[K]> };

/** The shape every language must have, key for key. */
export type AppMessages = DeepStrings<typeof ro>;
