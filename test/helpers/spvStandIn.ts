/**
 * A small stand-in for ANAF's e-Factura REST API (listaMesajePaginatieFactura, stareMesaj,
 * descarcare, with ANAF's error forms), for the sync's tests until the product's own e-Factura
 * emulator is on this branch; the tests then move to it. Mounted by the test app at
 * SPV_STAND_IN_PREFIX; its state is a plain object the test edits.
 */
import type { FastifyPluginAsync } from "fastify";
import JSZip from "jszip";

export const SPV_STAND_IN_PREFIX = "/spv-stand-in";
export const STAND_IN_TOKEN = "stand-in-access-token";

export interface StandInMessage {
  id: string;
  tip: string;
  id_solicitare: string;
  cif: string;
  detalii: string;
  data_creare: string;
  /** The ZIP's `<id>.xml`. */
  xml: string;
}

export type StandInFault = "500" | "timeout" | "204" | "firewall" | "401" | "limit";

export interface StandInState {
  messages: StandInMessage[];
  /** stareMesaj by upload id; unknown: 'ok'. */
  states: Record<string, "ok" | "nok" | "in prelucrare">;
  pageSize: number;
  /** ANAF's own daily limit of list calls (then its 'S-au facut deja …' answer). */
  listLimit: number;
  faults: { operation: "list" | "status" | "download"; fault: StandInFault }[];
  calls: { list: number; status: number; download: number };
}

export const standInState = (): StandInState => ({ messages: [], states: {}, pageSize: 500, listLimit: 1000, faults: [], calls: { list: 0, status: 0, download: 0 } });

export const invoiceXml = (id: string, supplier = { name: "Demo SRL", cif: "RO18547290" }, total = 121) => `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:ID>${id}</cbc:ID><cbc:IssueDate>2026-09-01</cbc:IssueDate><cbc:DueDate>2026-09-15</cbc:DueDate><cbc:DocumentCurrencyCode>RON</cbc:DocumentCurrencyCode>
<cac:AccountingSupplierParty><cac:Party><cac:PartyTaxScheme><cbc:CompanyID>${supplier.cif}</cbc:CompanyID></cac:PartyTaxScheme><cac:PartyLegalEntity><cbc:RegistrationName>${supplier.name}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Client SRL</cbc:RegistrationName><cbc:CompanyID>RO12345678</cbc:CompanyID></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
<cac:LegalMonetaryTotal><cbc:PayableAmount currencyID="RON">${total.toFixed(2)}</cbc:PayableAmount></cac:LegalMonetaryTotal></Invoice>`;

export const errorXml = (message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><header xmlns="mfp:anaf:dgti:efactura:mesajEroriFactuta:v1" Index_incarcare="1" Cif_emitent="18547290"><Error errorMessage="${message.replaceAll('"', "&quot;")}"/></header>`;

export function spvStandIn(state: StandInState): FastifyPluginAsync {
  return async (app) => {
    app.addHook("onRequest", async (request, reply) => {
      if (request.headers.authorization !== `Bearer ${STAND_IN_TOKEN}`) return reply.code(401).send({ error: "unauthorized" });
    });
    /** Answers the queued fault of the operation, if any; true when it did. */
    const faulted = async (operation: "list" | "status" | "download", reply: import("fastify").FastifyReply): Promise<boolean> => {
      const index = state.faults.findIndex((f) => f.operation === operation);
      if (index < 0) return false;
      const [{ fault }] = state.faults.splice(index, 1);
      if (fault === "500") reply.code(500).send({ error: "Internal Server Error" });
      else if (fault === "204") reply.code(204).send();
      else if (fault === "401") reply.code(401).send({ error: "unauthorized" });
      else if (fault === "firewall") reply.code(200).type("text/html").send("<html><body>The requested URL was rejected. Please consult with your administrator.</body></html>");
      else if (fault === "limit") reply.send({ eroare: "S-au facut deja 1000 interogari de lista mesaje de catre utilizator in cursul zilei", titlu: "Lista Mesaje" });
      else await new Promise((resolve) => setTimeout(resolve, 3_000)).then(() => reply.code(500).send());
      return true;
    };
    app.get("/prod/FCTEL/rest/listaMesajePaginatieFactura", async (request, reply) => {
      state.calls.list++;
      if (await faulted("list", reply)) return reply;
      if (state.calls.list > state.listLimit) return { eroare: "S-au facut deja 1000 interogari de lista mesaje de catre utilizator in cursul zilei", titlu: "Lista Mesaje" };
      const { cif, pagina } = request.query as Record<string, string>;
      const mine = state.messages.filter((m) => m.cif === cif);
      if (mine.length === 0) return { eroare: "Nu exista mesaje in ultimele 60 zile", titlu: "Lista Mesaje" };
      const pages = Math.ceil(mine.length / state.pageSize);
      const page = Number(pagina);
      if (page > pages) return { eroare: `Pagina solicitata ${page} este mai mare decat numarul total de pagini ${pages}`, titlu: "Lista Mesaje" };
      const slice = mine.slice((page - 1) * state.pageSize, page * state.pageSize).map(({ xml: _xml, ...message }) => message);
      return { mesaje: slice, numar_inregistrari_in_pagina: slice.length, numar_total_inregistrari_per_pagina: state.pageSize, numar_total_inregistrari: mine.length, numar_total_pagini: pages, index_pagina_curenta: page, serial: "x", cui: cif, titlu: "Lista Mesaje" };
    });
    app.get("/prod/FCTEL/rest/stareMesaj", async (request, reply) => {
      state.calls.status++;
      if (await faulted("status", reply)) return reply;
      const { id_incarcare: upload } = request.query as Record<string, string>;
      const stare = state.states[upload] ?? "ok";
      const message = state.messages.find((m) => m.id_solicitare === upload);
      const errors = stare === "nok" && message ? `<Errors errorMessage="${(message.xml.match(/errorMessage="([^"]*)"/)?.[1] ?? "eroare")}"/>` : "";
      return reply
        .type("application/xml")
        .send(`<?xml version="1.0" encoding="UTF-8"?><header xmlns="mfp:anaf:dgti:efactura:stareMesajFactura:v1" stare="${stare}"${stare === "in prelucrare" ? "" : ` id_descarcare="${message?.id ?? ""}"`}>${errors}</header>`);
    });
    app.get("/prod/FCTEL/rest/descarcare", async (request, reply) => {
      state.calls.download++;
      if (await faulted("download", reply)) return reply;
      const { id } = request.query as Record<string, string>;
      const message = state.messages.find((m) => m.id === id);
      if (!message) return { eroare: `Nu exista mesaj cu id_descarcare=${id}`, titlu: "Descarcare" };
      const zip = new JSZip();
      zip.file(`${id}.xml`, message.xml);
      zip.file(`semnatura_${id}.xml`, "<Signature/>");
      return reply.type("application/zip").send(Buffer.from(await zip.generateAsync({ type: "uint8array" })));
    });
  };
}
