/** The users resource's calls beyond CRUD: roles and set/reset-password links (spec section 7). */
import type { GenerateSetUrlResponse, MessageResponse, RoleList } from "../../contract/api";
import type { RoleName } from "../../contract/roles";
import { httpClient } from "../providers/httpClient";

export const fetchAvailableRoles = async () => (await httpClient<RoleList>("/api/user/role/available")).json;

export const fetchAssignedRoles = async (userId: number) =>
  (await httpClient<RoleList>(`/api/user/role/assigned/${userId}`)).json;

export const assignRoles = async (userId: number, roles: RoleName[]) =>
  (
    await httpClient<MessageResponse>(`/api/user/role/assign/${userId}`, {
      method: "PUT",
      body: JSON.stringify({ roles }),
    })
  ).json;

/** A fresh single-use link to the set/reset-password page for this user. */
export const generateSetUrl = async (email: string) =>
  (
    await httpClient<GenerateSetUrlResponse>("/api/user/generate-set-url", {
      method: "POST",
      body: JSON.stringify({ email, baseUrl: `${window.location.origin}/dmz` }),
    })
  ).json.url;
