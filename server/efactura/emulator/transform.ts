/**
 * POST /prod/FCTEL/rest/transformare/{FACT1|FCN}[/DA] (anaf-api.md C.2; on ANAF's public host,
 * no OAuth): the UBL XML in a text/plain body becomes a PDF; without /DA it is checked first,
 * and a problem is answered {stare: "nok", Messages: [{message}], trace_id} (HTTP 200).
 */
import { randomUUID } from "node:crypto";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { invoicePdf } from "./invoicePdf";
import { faultAnswer } from "./oauth";
import { REST_PATHS } from "./rest";
import type { EfacturaEmulatorRuntime } from "./runtime";
import { readUbl, ublProblems } from "./ublRead";

const STANDARDS = { FACT1: "invoice", FCN: "creditNote" } as const;

export function transformRoutes(app: FastifyInstance, runtime: EfacturaEmulatorRuntime): void {
  const nok = (reply: FastifyReply, messages: string[]) =>
    reply.code(200).send({ stare: "nok", Messages: messages.map((message) => ({ message })), trace_id: randomUUID() });

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { standard, skip } = request.params as { standard: string; skip?: string };
    const entry = { at: runtime.now(), method: "POST", path: request.url.slice(app.prefix.length), operation: "transform" as const, query: {} };
    runtime.log(entry);
    const fault = runtime.faults.take("transform");
    if (fault) {
      return faultAnswer(reply, fault, runtime, () =>
        nok(reply, ["S-a atins limita de apeluri pentru serviciul de transformare in cursul zilei"]),
      );
    }
    if (skip !== undefined && skip !== "DA") return reply.code(404).send({ message: "Nu există această adresă." });
    const expected = STANDARDS[standard as keyof typeof STANDARDS];
    if (!expected) return nok(reply, ["Valorile acceptate pentru parametrul standard sunt FACT1 sau FCN"]);
    const xml = typeof request.body === "string" ? request.body : Buffer.isBuffer(request.body) ? request.body.toString("utf8") : "";
    if (!xml.trim()) return nok(reply, ["Fisierul transmis este gol"]);
    const document = readUbl(xml);
    if (!document) return nok(reply, ["E: validari xsd eroare: Fisierul transmis nu este o factura sau o nota de credit UBL 2.1 valida"]);
    if (skip !== "DA") {
      const problems = ublProblems(document);
      if (document.kind !== expected) {
        problems.unshift(`E: Standardul ${standard} nu corespunde documentului transmis (${document.kind === "invoice" ? "Invoice" : "CreditNote"})`);
      }
      if (problems.length > 0) return nok(reply, problems);
    }
    const pdf = await invoicePdf(document);
    return reply
      .type("application/pdf")
      .header("content-disposition", `inline; filename="${document.number || "factura"}.pdf"`)
      .send(pdf);
  };

  for (const base of REST_PATHS) {
    app.post(`${base}/transformare/:standard`, handler);
    app.post(`${base}/transformare/:standard/:skip`, handler);
  }
}
