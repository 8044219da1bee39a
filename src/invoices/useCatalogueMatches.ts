/**
 * The tenant's catalogue products ('Nomenclator produse') whose code or name matches `search`,
 * `perPage` of them by name: what the line dialog's picker and a grid cell's suggestions offer.
 * Asked a moment after the search stops changing, not on every keystroke; a blank search asks
 * nothing and matches nothing.
 */
import { useEffect, useState } from "react";
import { useGetList } from "react-admin";
import type { Product } from "../../contract/api";

const TYPING_PAUSE_MS = 300;

export function useCatalogueMatches(search: string, perPage: number) {
  // The search as last asked (trimmed): until the pause ends, the matches are the previous one's.
  const [asked, setAsked] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setAsked(search.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const { data = [], isFetching, error } = useGetList<Product>(
    "products",
    { pagination: { page: 1, perPage }, sort: { field: "name", order: "ASC" }, filter: { q: asked } },
    { enabled: asked !== "" },
  );
  return { asked, matches: asked ? data : [], isFetching, error };
}
