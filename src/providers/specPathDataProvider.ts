/**
 * A dataProvider for the resources of the path table (resourcePaths.ts). Lists are asked for
 * with `page` (0-based), `size`, `sort=field,asc|desc`, `q` and field filters; a server that
 * answers `{content, totalElements}` pages on its side, one that answers a plain array (the
 * spec's compatible form) is paged, sorted and filtered here.
 */
import type { DataProvider, Identifier, RaRecord } from "react-admin";
import type { HttpClient } from "./httpClient";
import type { ResourcePaths } from "./resourcePaths";

interface Page {
  content: RaRecord[];
  totalElements: number;
}

const isPage = (value: unknown): value is Page =>
  !!value && typeof value === "object" && Array.isArray((value as Page).content);

function matches(record: Record<string, unknown>, filter: Record<string, unknown>): boolean {
  return Object.entries(filter).every(([field, wanted]) => {
    if (wanted === undefined || wanted === "" || wanted === null) return true;
    if (field === "q") {
      const needle = String(wanted).toLocaleLowerCase("ro-RO");
      return Object.values(record).some((value) => String(value ?? "").toLocaleLowerCase("ro-RO").includes(needle));
    }
    if (Array.isArray(wanted)) return wanted.map(String).includes(String(record[field]));
    return String(record[field] ?? "") === String(wanted);
  });
}

function compare(a: unknown, b: unknown): number {
  if (typeof a === "number" && typeof b === "number") return a - b;
  return String(a ?? "").localeCompare(String(b ?? ""), "ro-RO", { numeric: true });
}

/**
 * A list's query string as the server reads it: `first` (paging, an export's format), then
 * `sort=field,asc|desc`, then every filter that has a value. The list screen and its export
 * ask with the same one, so an export holds what the screen shows.
 */
export function listQuery(
  filter: Record<string, unknown>,
  sort: { field: string; order: string },
  first: Record<string, string> = {},
): URLSearchParams {
  const query = new URLSearchParams({ ...first, sort: `${sort.field},${sort.order.toLowerCase()}` });
  for (const [key, value] of Object.entries(filter)) {
    if (value !== undefined && value !== null && value !== "") query.set(key, String(value));
  }
  return query;
}

export function createSpecPathDataProvider(
  paths: Record<string, ResourcePaths>,
  http: HttpClient,
): DataProvider {
  const pathsOf = (resource: string) => {
    const found = paths[resource];
    if (!found) throw new Error(`Resursă necunoscută: ${resource}`);
    return found;
  };
  const withId = (resource: string, record: any): any => {
    const idField = pathsOf(resource).idField;
    return idField ? { ...record, id: record[idField] } : record;
  };
  const oneUrl = (resource: string, id: Identifier) => {
    const one = pathsOf(resource).one;
    if (!one) throw new Error(`Resursa ${resource} nu are adresă pentru o singură înregistrare.`);
    return one(id);
  };

  const provider: DataProvider = {
    async getList(resource, params) {
      const { page = 1, perPage = 25 } = params.pagination ?? {};
      const { field, order } = params.sort ?? { field: "id", order: "ASC" };
      const filter = params.filter ?? {};
      const query = listQuery(filter, { field, order }, { page: String(page - 1), size: String(perPage) });
      const { json } = await http(`${pathsOf(resource).list}?${query}`, { signal: params.signal });
      if (isPage(json)) {
        return { data: json.content.map((r) => withId(resource, r)), total: json.totalElements };
      }
      const all = (Array.isArray(json) ? json : []).map((r) => withId(resource, r));
      const kept = all.filter((record) => matches(record, filter));
      if (field) {
        const direction = order === "DESC" ? -1 : 1;
        kept.sort((a, b) => direction * compare(a[field], b[field]));
      }
      return { data: kept.slice((page - 1) * perPage, page * perPage), total: kept.length };
    },

    async getOne(resource, params) {
      const read = pathsOf(resource).read;
      if (read) {
        const { json } = await http(read(params.id), { signal: params.signal });
        return { data: withId(resource, json) };
      }
      const { data } = await provider.getMany(resource, { ids: [params.id], signal: params.signal });
      if (!data[0]) throw new Error(`Înregistrarea ${params.id} nu a fost găsită.`);
      return { data: data[0] };
    },

    async getMany(resource, params) {
      const { json } = await http(pathsOf(resource).list, { signal: params.signal });
      const all = (isPage(json) ? json.content : Array.isArray(json) ? json : []).map((r) => withId(resource, r));
      const wanted = new Set(params.ids.map(String));
      return { data: all.filter((record) => wanted.has(String(record.id))) };
    },

    async getManyReference(resource, params) {
      return provider.getList(resource, { ...params, filter: { ...params.filter, [params.target]: params.id } });
    },

    async create(resource, params) {
      const url = pathsOf(resource).create;
      if (!url) throw new Error(`Resursa ${resource} nu poate fi adăugată.`);
      const { json } = await http(url, { method: "POST", body: JSON.stringify(params.data) });
      return { data: withId(resource, { ...params.data, ...(json && typeof json === "object" ? json : {}) }) } as any;
    },

    async update(resource, params) {
      const { json } = await http(oneUrl(resource, params.id), { method: "PUT", body: JSON.stringify(params.data) });
      const answer = json && typeof json === "object" ? json : {};
      return { data: withId(resource, { ...params.data, ...answer, id: params.id }) } as any;
    },

    async updateMany(resource, params) {
      for (const id of params.ids) await provider.update(resource, { id, data: params.data, previousData: { id } });
      return { data: params.ids };
    },

    async delete(resource, params) {
      await http(oneUrl(resource, params.id), { method: "DELETE" });
      return { data: (params.previousData ?? { id: params.id }) as any };
    },

    async deleteMany(resource, params) {
      for (const id of params.ids) await http(oneUrl(resource, id), { method: "DELETE" });
      return { data: params.ids };
    },
  };
  return provider;
}
