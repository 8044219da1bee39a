/**
 * ANAF's e-Factura REST API (anaf-api.md C.2, C.3) on the emulator's messages, behind a Bearer
 * access token (401 otherwise): listaMesajePaginatieFactura, listaMesajeFactura, stareMesaj and
 * descarcare, with ANAF's business errors and daily limits as HTTP 200 with Romanian text, its
 * 400 JSON for a missing parameter, and the faults switched on for each operation.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { EfacturaFaultOperation } from "./faults";
import { listedMessage, FILTER_TIPS, SPV_TIP, type SpvMessage } from "./messages";
import { messageZip } from "./messageZip";
import { faultAnswer, unauthorized, verifiedAccessToken } from "./oauth";
import type { EfacturaEmulatorRuntime, EfacturaRequestLogEntry } from "./runtime";
import { escapeXml } from "./ubl";

/** Production's and the sandbox's paths both answer (api.anaf.ro/prod/… and /test/…). */
export const REST_PATHS = ["/prod/FCTEL/rest", "/test/FCTEL/rest"] as const;
const DAY_MS = 86_400_000;
/** SPV keeps a message for 60 days. */
const KEPT_DAYS = 60;
const STATUS_NAMESPACE = "mfp:anaf:dgti:efactura:stareMesajFactura:v1";

type Query = Record<string, string | undefined>;

/** ANAF's 400 for a missing parameter. */
function badRequest(reply: FastifyReply, message: string) {
  return reply.code(400).send({ timestamp: new Date().toISOString(), status: 400, error: "Bad Request", message });
}

const isInteger = (text: string) => /^\d+$/.test(text);

function statusXml(attributes: Record<string, string>, errors: string[] = []): string {
  const attrs = Object.entries(attributes)
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  const body = errors.map((error) => `<Errors errorMessage="${escapeXml(error)}"/>`).join("");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<header xmlns="${STATUS_NAMESPACE}"${attrs}${body ? `>${body}</header>` : "/>"}`;
}

function romanianDateTime(epochMs: number): string {
  return new Intl.DateTimeFormat("ro-RO", {
    timeZone: "Europe/Bucharest",
    day: "2-digit",
    month: "2-digit",
    year: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  }).format(new Date(epochMs));
}

export function restRoutes(app: FastifyInstance, runtime: EfacturaEmulatorRuntime): void {
  /**
   * Every call: logged (without the token), the switched-on fault, then the Bearer token. The
   * handler runs only when all pass; `limit` is the operation's daily-limit answer for the fault.
   */
  const guarded =
    (
      operation: EfacturaFaultOperation | "listSimple",
      handler: (request: FastifyRequest, reply: FastifyReply, query: Query, entry: EfacturaRequestLogEntry) => Promise<unknown>,
      limit: (reply: FastifyReply, query: Query) => FastifyReply,
    ) =>
    async (request: FastifyRequest, reply: FastifyReply) => {
      const query = (request.query ?? {}) as Query;
      const path = request.url.split("?")[0].slice(app.prefix.length);
      const entry: EfacturaRequestLogEntry = {
        at: runtime.now(),
        method: request.method,
        path,
        operation,
        query: Object.fromEntries(Object.entries(query).map(([key, value]) => [key, String(value ?? "")])),
      };
      runtime.log(entry);
      const fault = runtime.faults.take(operation === "listSimple" ? "list" : operation);
      if (fault) {
        entry.outcome = fault;
        return faultAnswer(reply, fault, runtime, () => limit(reply, query));
      }
      if (!(await verifiedAccessToken(runtime, request.headers.authorization))) {
        entry.outcome = "unauthorized";
        entry.status = 401;
        return unauthorized(reply);
      }
      const answer = await handler(request, reply, query, entry);
      entry.status ??= reply.statusCode;
      return answer;
    };

  const listLimitAnswer = (reply: FastifyReply) =>
    reply.send({
      eroare: `S-au facut deja ${runtime.settings.listLimitPerDay} interogari de lista mesaje de catre utilizator in cursul zilei`,
      titlu: "Lista Mesaje",
    });

  /** The CIF's messages in [start, end], newest first, of the filter's types; SPV's 60 days only. */
  const messagesOf = (cif: string, start: number, end: number, filter: string | undefined): SpvMessage[] => {
    const now = runtime.now();
    const tips = filter ? FILTER_TIPS[filter] : undefined;
    return runtime.messages
      .filter(
        (message) =>
          message.cif === cif &&
          message.createdAt >= start &&
          message.createdAt <= end &&
          message.createdAt <= now &&
          message.createdAt >= now - KEPT_DAYS * DAY_MS &&
          (!tips || tips.includes(message.tip)),
      )
      .sort((a, b) => b.createdAt - a.createdAt || Number(b.id) - Number(a.id));
  };

  /** Checks common to both lists; an answer when the call stops here. */
  const listRefusal = (reply: FastifyReply, query: Query, titlu: string): FastifyReply | undefined => {
    const cif = query.cif ?? "";
    if (!cif) return badRequest(reply, "Parametrul cif este obligatoriu");
    if (!isInteger(cif)) return reply.send({ eroare: `CIF introdus= ${cif} nu este un numar`, titlu });
    if (query.filtru !== undefined && !FILTER_TIPS[query.filtru]) {
      return reply.send({ eroare: "Valorile acceptate pentru parametrul filtru sunt E, T, P sau R", titlu });
    }
    if (!runtime.hasRights(cif)) return reply.send({ eroare: `Nu aveti drept in SPV pentru CIF=${cif}`, titlu });
    if (runtime.use("list", cif) >= runtime.settings.listLimitPerDay) return listLimitAnswer(reply);
    return undefined;
  };

  for (const base of REST_PATHS) {
    app.get(
      `${base}/listaMesajePaginatieFactura`,
      guarded(
        "list",
        async (_request, reply, query) => {
          const titlu = "Lista Mesaje";
          for (const name of ["startTime", "endTime", "pagina"] as const) {
            if (!query[name]) return badRequest(reply, `Parametrul ${name} este obligatoriu`);
          }
          const refused = listRefusal(reply, query, titlu);
          if (refused) return refused;
          for (const name of ["startTime", "endTime", "pagina"] as const) {
            if (!isInteger(query[name]!)) return reply.send({ eroare: `${name} introdus= ${query[name]} nu este un numar intreg`, titlu });
          }
          const start = Number(query.startTime);
          const end = Number(query.endTime);
          const page = Number(query.pagina);
          if (end < start) return reply.send({ eroare: `endTime=${end} nu poate fi mai mic decat startTime=${start}`, titlu });
          if (end - start > KEPT_DAYS * DAY_MS) {
            return reply.send({ eroare: `Intervalul dintre startTime si endTime nu poate depasi ${KEPT_DAYS} de zile`, titlu });
          }
          if (page < 1) return reply.send({ eroare: `Pagina solicitata ${page} nu este valida`, titlu });
          const found = messagesOf(query.cif!, start, end, query.filtru);
          if (found.length === 0) {
            return reply.send({ eroare: `Nu exista mesaje in ultimele ${Math.max(1, Math.ceil((end - start) / DAY_MS))} zile`, titlu });
          }
          const size = runtime.settings.pageSize;
          const pages = Math.ceil(found.length / size);
          if (page > pages) {
            return reply.send({ eroare: `Pagina solicitata ${page} este mai mare decat numarul total de pagini ${pages}`, titlu });
          }
          const onPage = found.slice((page - 1) * size, page * size);
          return reply.send({
            mesaje: onPage.map(listedMessage),
            numar_inregistrari_in_pagina: onPage.length,
            numar_total_inregistrari_per_pagina: size,
            numar_total_inregistrari: found.length,
            numar_total_pagini: pages,
            index_pagina_curenta: page,
            serial: `EMU${query.cif}`,
            cui: query.cif,
            titlu: `Lista Mesaje disponibile din intervalul ${romanianDateTime(start)} - ${romanianDateTime(end)}`,
          });
        },
        listLimitAnswer,
      ),
    );

    app.get(
      `${base}/listaMesajeFactura`,
      guarded(
        "listSimple",
        async (_request, reply, query) => {
          const titlu = "Lista Mesaje";
          if (!query.zile) return badRequest(reply, "Parametrul zile este obligatoriu");
          const refused = listRefusal(reply, query, titlu);
          if (refused) return refused;
          const days = Number(query.zile);
          if (!isInteger(query.zile) || days < 1 || days > KEPT_DAYS) {
            return reply.send({ eroare: `Numarul de zile trebuie sa fie intre 1 si ${KEPT_DAYS}`, titlu });
          }
          const now = runtime.now();
          const found = messagesOf(query.cif!, now - days * DAY_MS, now, query.filtru);
          if (found.length === 0) return reply.send({ eroare: `Nu exista mesaje in ultimele ${days} zile`, titlu });
          return reply.send({
            mesaje: found.map(listedMessage),
            serial: `EMU${query.cif}`,
            cui: query.cif,
            titlu: `Lista Mesaje disponibile din ultimele ${days} zile`,
          });
        },
        listLimitAnswer,
      ),
    );

    const statusLimit = (reply: FastifyReply) =>
      reply
        .type("application/xml; charset=utf-8")
        .send(statusXml({}, [`S-au facut deja ${runtime.settings.statusLimitPerDay} descarcari de mesaj in cursul zilei`]));

    app.get(
      `${base}/stareMesaj`,
      guarded(
        "status",
        async (_request, reply, query) => {
          const id = query.id_incarcare ?? "";
          if (!id) return badRequest(reply, "Parametrul id_incarcare este obligatoriu");
          const xml = (attributes: Record<string, string>, errors: string[] = []) =>
            reply.type("application/xml; charset=utf-8").send(statusXml(attributes, errors));
          if (!isInteger(id)) return xml({}, [`Id_incarcare introdus= ${id} nu este un numar intreg`]);
          // The upload's own messages: what its issuer sees (a received invoice is another's upload).
          const message = runtime.messages.find(
            (m) => m.idSolicitare === id && (m.tip === SPV_TIP.sent || m.tip === SPV_TIP.errors) && m.createdAt <= runtime.now(),
          );
          if (!message) return xml({}, [`Nu exista factura cu id_incarcare= ${id}`]);
          if (!runtime.hasRights(message.cif)) return xml({}, [`Nu aveti dreptul de inteorgare pentru id_incarcare= ${id}`]);
          if (runtime.use("status", id) >= runtime.settings.statusLimitPerDay) return statusLimit(reply);
          if (runtime.now() < message.createdAt + runtime.settings.processingDelaySeconds * 1000) {
            return xml({ stare: "in prelucrare" });
          }
          return xml({ stare: message.tip === SPV_TIP.errors ? "nok" : "ok", id_descarcare: message.id });
        },
        statusLimit,
      ),
    );

    const downloadLimit = (reply: FastifyReply, query: Query) =>
      reply.send({
        eroare: `S-au facut deja ${runtime.settings.downloadLimitPerMessage} descarcari la mesajul cu id_descarcare=${query.id ?? ""} in cursul zilei`,
        titlu: "Descarcare mesaj",
      });

    app.get(
      `${base}/descarcare`,
      guarded(
        "download",
        async (_request, reply, query) => {
          const titlu = "Descarcare mesaj";
          const id = query.id ?? "";
          if (!id) return badRequest(reply, "Parametrul id este obligatoriu");
          if (!isInteger(id)) return reply.send({ eroare: `Id descarcare introdus= ${id} nu este un numar intreg`, titlu });
          const now = runtime.now();
          const message = runtime.messages.find((m) => m.id === id && m.createdAt <= now);
          if (!message) return reply.send({ eroare: `Pentru id=${id} nu exista inregistrat niciun mesaj`, titlu });
          if (!runtime.hasRights(message.cif)) return reply.send({ eroare: `Nu aveti dreptul de descarcare pentru id=${id}`, titlu });
          if (message.createdAt < now - KEPT_DAYS * DAY_MS) {
            return reply.send({ eroare: `Mesajul cu id=${id} nu mai este disponibil: fisierele se pastreaza ${KEPT_DAYS} de zile`, titlu });
          }
          if (runtime.use("download", id) >= runtime.settings.downloadLimitPerMessage) return downloadLimit(reply, query);
          const zip = await messageZip(message, runtime.secret.toString("hex"));
          return reply
            .type("application/zip")
            .header("content-disposition", `attachment; filename="${id}.zip"`)
            .send(zip);
        },
        downloadLimit,
      ),
    );
  }
}
