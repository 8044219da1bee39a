/**
 * A data provider over records held in memory, for client tests of a screen's parts that need no
 * server: it answers the list, one record, create, update and delete as the server's list
 * protocol does, records every write, and refuses what a test tells it to (`refuse`).
 */
import type { DataProvider, RaRecord } from "react-admin";
import { HttpError } from "../../src/providers/HttpError";

type Method = "getList" | "getOne" | "create" | "update" | "delete";

export function memoryDataProvider(records: RaRecord[] = []) {
  let rows = records.map((record) => ({ ...record }));
  const writes: { method: Method; data?: unknown; id?: unknown }[] = [];
  const refusals = new Map<Method, HttpError>();
  const refused = (method: Method) => {
    const failure = refusals.get(method);
    return failure ? Promise.reject(failure) : null;
  };
  const dataProvider = {
    getList: async () => refused("getList") ?? { data: rows, total: rows.length },
    getOne: async (_resource, { id }) => refused("getOne") ?? { data: rows.find((row) => String(row.id) === String(id))! },
    getMany: async (_resource, { ids }) => ({ data: rows.filter((row) => ids.map(String).includes(String(row.id))) }),
    getManyReference: async () => ({ data: [], total: 0 }),
    create: async (_resource, { data }) => {
      writes.push({ method: "create", data });
      const failure = refused("create");
      if (failure) return failure;
      const row = { ...data, id: Math.max(0, ...rows.map((r) => Number(r.id))) + 1 };
      rows.push(row);
      return { data: row };
    },
    update: async (_resource, { id, data }) => {
      writes.push({ method: "update", id, data });
      const failure = refused("update");
      if (failure) return failure;
      rows = rows.map((row) => (String(row.id) === String(id) ? { ...row, ...data, id: row.id } : row));
      return { data: rows.find((row) => String(row.id) === String(id))! };
    },
    updateMany: async () => ({ data: [] }),
    delete: async (_resource, { id }) => {
      writes.push({ method: "delete", id });
      const failure = refused("delete");
      if (failure) return failure;
      const gone = rows.find((row) => String(row.id) === String(id))!;
      rows = rows.filter((row) => row !== gone);
      return { data: gone };
    },
    deleteMany: async () => ({ data: [] }),
  } as DataProvider;
  return {
    dataProvider,
    writes,
    rows: () => rows,
    /** Answers the method with the server's refusal from now on. */
    refuse(method: Method, message: string, status = 400) {
      refusals.set(method, new HttpError(message, status, { message }));
    },
  };
}
