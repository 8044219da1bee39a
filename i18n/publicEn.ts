/** The public pages' words in English, key for key the same as publicRo.ts (part of en.ts). */
import type { PublicMessages } from "./publicRo";

export const publicEn = {
  app: {
    title: "B2B Platform",
    restoring: "Loading...",
    userLoading: "Loading",
    language: "Language",
    notAvailable: "N/A",
    // What a failure says when the server gave no reason.
    genericError: "An error occurred.",
  },
  appBar: { profile: "Profile", logout: "Logout", login: "Login", account: "My account", tenant: "Tenant: %{name}" },
  menu: { home: "Home" },
  footer: {
    copyright: "© %{year} B2B Platform. All rights reserved.",
    privacy: "Privacy Policy",
    terms: "Terms of Service",
  },
  landing: {
    hero: "B2B Commercial Exchange Platform",
    subtitle: "Invoicing, stock and customers in one place, connected to SmartBill.",
    b2bTitle: "B2B exchanges",
    b2bText: "Work with your business partners on one platform: customers, orders and commercial documents.",
    invoicingTitle: "SmartBill integration",
    invoicingText: "Import invoices from Excel, review them line by line and send them to SmartBill.",
    marketplaceTitle: "Marketplace integration",
    marketplaceText: "Keep stock and products in sync with the marketplaces you sell on.",
    register: "Register",
  },
  about: { title: "About Page" },
  contact: { title: "Contact Page" },
  login: {
    title: "Sign in",
    email: "Email address",
    password: "Password",
    submit: "Sign in",
    recover: "Recover password",
    required: "Please enter a value!",
    error: "Sign-in error: %{message}",
  },
  recover: {
    title: "Recover password",
    intro: "Enter your account's email address. You will receive a link to reset your password.",
    email: "Email address",
    submit: "Send the reset link",
    backToLogin: "Back to sign in",
  },
  password: {
    required: "Please fill in all the fields.",
    mismatch: "The passwords do not match",
    tooShort: "The password must have at least %{min} characters.",
  },
  setPassword: {
    setTitle: "Set password",
    resetTitle: "Reset password",
    email: "Email address",
    password: "New password",
    confirm: "Confirm password",
    submit: "Save password",
    invalidPath: "403 Forbidden: Invalid URL path.",
    missingParams: "403 Forbidden: Missing required parameters.",
  },
  error: {
    title: "Something went wrong.",
    details: "Technical details",
    routerTitle: "Unexpected Application Error!",
  },
  privacy: {
    title: "Privacy Policy",
    p1: "We process users' identification data (email address, roles and company) only for signing in and for running the platform.",
    p2: "The customers, products and invoices a company imports belong to that company, are visible only to its users and are sent to SmartBill only when you ask.",
    p3: "You may ask at any time to see, correct or delete your data by writing to us through the contact page.",
  },
  terms: {
    title: "Terms of Service",
    p1: "The platform is meant for companies that invoice through SmartBill; accounts are created by the company's administrator.",
    p2: "You are responsible for the correctness of the data you import and for the invoices sent to SmartBill from the company's account.",
    p3: "Keep your password confidential; any action taken from your account is attributed to you.",
  },
} satisfies PublicMessages;
