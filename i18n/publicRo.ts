/**
 * The public pages' words in Romanian (landing, legal texts, sign-in and password pages, their top
 * bar and footer): part of ro.ts, kept in their own file so that those pages, which load without
 * the admin app, carry only their own words.
 */
import type { DeepStrings } from "./messageShape";

export const publicRo = {
  app: {
    title: "Platforma B2B",
    restoring: "Se încarcă…",
    userLoading: "Se încarcă…",
    language: "Limba",
    notAvailable: "—",
    // What a failure says when the server gave no reason.
    genericError: "A apărut o eroare.",
  },
  appBar: {
    profile: "Profil",
    logout: "Deconectare",
    login: "Autentificare",
    account: "Contul meu",
    tenant: "Firma: %{name}",
  },
  // The landing page's title in the top bar is the menu's first entry (the rest of `menu` is in ro.ts).
  menu: { home: "Acasă" },
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
    // Accounts are opened by the operator and the company's administrator: a visitor asks for one.
    register: "Solicită acces",
    login: "Autentificare",
  },
  about: {
    title: "Despre platformă",
    p1: "Platforma B2B este locul de lucru al biroului pentru firmele care facturează prin SmartBill: clienții, depozitele și stocurile, importul clienților și al facturilor din Excel, verificarea facturilor linie cu linie și trimiterea lor în SmartBill.",
    p2: "Fiecare companie lucrează separat, cu utilizatorii ei: administratorul configurează conexiunea SmartBill și depozitele și adaugă colegii, iar utilizatorii de facturare importă, verifică și trimit facturile, apoi urmăresc încasările.",
    p3: "Conturile se deschid de către operatorul platformei și de administratorul companiei. Dacă doriți să folosiți platforma pentru firma dumneavoastră, scrieți-ne.",
    contact: "Scrieți-ne",
  },
  contact: {
    title: "Contact",
    intro: "Doriți să folosiți platforma pentru firma dumneavoastră, aveți o întrebare sau aveți nevoie de ajutor? Scrieți-ne și vă răspundem pe e-mail.",
    details: "Date de contact",
    email: "E-mail",
    phone: "Telefon",
    formTitle: "Trimiteți-ne un mesaj",
    name: "Nume",
    senderEmail: "Adresa de e-mail",
    company: "Companie",
    message: "Mesaj",
    submit: "Trimite mesajul",
    messageTooShort: "Mesajul este prea scurt: scrieți cel puțin %{min} caractere.",
    another: "Trimite alt mesaj",
  },
  login: {
    title: "Autentificare",
    email: "Adresa de email",
    password: "Parola",
    submit: "Conectați-vă",
    recover: "Recuperare parolă",
    required: "Vă rugăm introduceți o valoare!",
    error: "Eroare la autentificare: %{message}",
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
  },
  setPassword: {
    setTitle: "Setează parola",
    resetTitle: "Resetează parola",
    email: "Adresa de email",
    password: "Parola nouă",
    confirm: "Confirmă parola",
    submit: "Salvează parola",
    invalidPath: "Adresa acestui link nu este corectă. Deschideți linkul exact cum a sosit în e-mail sau cereți unul nou din „Recuperare parolă”.",
    missingParams: "Linkului îi lipsesc date (e-mailul sau codul). Deschideți linkul întreg din e-mail sau cereți unul nou din „Recuperare parolă”.",
    checking: "Se verifică linkul…",
    spent: "Acest link a fost deja folosit sau a expirat.",
    spentNext: "Cereți un link nou din „Recuperare parolă” sau, dacă v-ați setat deja parola, autentificați-vă.",
    newLink: "Recuperare parolă",
    signIn: "Autentificare",
  },
  error: {
    title: "Ceva nu a funcționat.",
    details: "Detalii tehnice",
    routerTitle: "Eroare neașteptată în aplicație!",
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
};

/** The shape every language's public words must have, key for key. */
export type PublicMessages = DeepStrings<typeof publicRo>;
