/**
 * The page belongs to the tenant being acted on. When a super-admin switches tenant (here, in
 * another tab, or because the chosen tenant was deleted), nothing of the previous tenant may stay
 * on screen or be written on its behalf: react-query's cached answers are reset (what is on screen
 * loads again under the new X-Tenant-ID), the lists' remembered filters and selections are
 * forgotten (one tenant's warehouse filter means nothing in another), and the page is mounted
 * afresh, so a half-done import or an open dialog cannot go on to write into the other tenant.
 */
import { Fragment, type ReactNode, useEffect, useState } from "react";
import { useNotify, useStoreContext } from "react-admin";
// react-admin's own query client (it ships @tanstack/react-query and documents this import).
import { useQueryClient } from "@tanstack/react-query";
import { ROLE_MATRIX } from "../../contract/roles";
import { session } from "../providers/session";

export function TenantScope({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const store = useStoreContext();
  const notify = useNotify();
  const [generation, setGeneration] = useState(0);

  useEffect(
    () =>
      session.subscribeTenantChoice((change, dropped) => {
        for (const resource of Object.keys(ROLE_MATRIX)) store.removeItems(`${resource}.`);
        void queryClient.resetQueries();
        setGeneration((value) => value + 1);
        if (change === "tenant-gone") {
          const own = session.get()?.tenant.name ?? "";
          notify("tenantSwitcher.tenantGone", { type: "warning", messageArgs: { name: dropped?.name ?? "", own } });
        }
      }),
    [queryClient, store, notify],
  );

  return <Fragment key={generation}>{children}</Fragment>;
}
