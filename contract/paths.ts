/** URL prefixes shared by the client and the server. */
export const DMZ_API = "/dmz-api";
export const API = "/api";

export const DMZ_PATHS = {
  login: `${DMZ_API}/login`,
  refresh: `${DMZ_API}/refresh`,
  set: `${DMZ_API}/set`,
  reset: `${DMZ_API}/reset`,
  recover: `${DMZ_API}/recover`,
  logout: `${DMZ_API}/logout`,
} as const;

export const API_PATHS = {
  me: `${API}/me`,
  changePassword: `${API}/user/change-password`,
} as const;

/** The set/reset-password screens that links point to. */
export const SET_PASSWORD_PAGE = "/dmz/set-password";
export const RESET_PASSWORD_PAGE = "/dmz/reset-password";
