/**
 * The app's one dataProvider for every resource, speaking the list protocol of
 * server/routes/api/listQuery.ts over the paths of resourcePaths.ts (the spec's irregular
 * paths, or /api/<resource>):
 * - getList: `?page=0&size=25&sort=field,asc&q=…&<filter>=…` → `{ content, totalElements }`;
 * - getMany: `?id=3&id=7` (at most 500 a request), never the whole list;
 * - getManyReference: the list filtered by the target (`?warehouseId=3`), paged;
 * - getOne: GET the record's path, or `?id=` on the list where the API reads no single record.
 */
import type { DataProvider, Identifier, RaRecord } from "react-admin";
import type { HttpClient } from "./httpClient";
import type { ResourcePaths } from "./resourcePaths";

interface Page {
  content: RaRecord[];
  totalElements: number;
}

/** The most ids one `?id=` request names (the server's MAX_IDS). */
export const MAX_IDS_PER_REQUEST = 500;

const isPage = (value: unknown): value is Page =>
  !!value && typeof value === "object" && Array.isArray((value as Page).content);

/** A list's rows, in either of its forms (a page, or the spec's compatible plain array). */
const rowsOf = (json: unknown): RaRecord[] => (isPage(json) ? json.content : Array.isArray(json) ? json : []);

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
    // A list of values (react-admin's `{ id: [3, 7] }`) is the parameter repeated.
    for (const one of Array.isArray(value) ? value : [value]) {
      if (one !== undefined && one !== null && one !== "") query.append(key, String(one));
    }
  }
  return query;
}

export function createSpecPathDataProvider(
  pathsOf: (resource: string) => ResourcePaths,
  http: HttpClient,
): DataProvider {
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
      const query = listQuery(params.filter ?? {}, { field, order }, { page: String(page - 1), size: String(perPage) });
      const { json } = await http(`${pathsOf(resource).list}?${query}`, { signal: params.signal });
      const data = rowsOf(json).map((r) => withId(resource, r));
      return { data, total: isPage(json) ? json.totalElements : data.length };
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
      const data: any[] = [];
      for (let start = 0; start < params.ids.length; start += MAX_IDS_PER_REQUEST) {
        const query = new URLSearchParams();
        for (const id of params.ids.slice(start, start + MAX_IDS_PER_REQUEST)) query.append("id", String(id));
        const { json } = await http(`${pathsOf(resource).list}?${query}`, { signal: params.signal });
        data.push(...rowsOf(json).map((r) => withId(resource, r)));
      }
      return { data };
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
