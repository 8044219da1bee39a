/**
 * The admin app's code (react-admin and every screen), fetched once: when a signed-in user or an
 * admin address needs it, or ahead of time while the sign-in form is being filled in, so the
 * first screen after sign-in does not wait for it.
 */
type AdminAppModule = typeof import("../App");

let adminApp: Promise<AdminAppModule> | undefined;

export function fetchAdminApp(): Promise<AdminAppModule> {
  adminApp ??= import("../App").catch((error: unknown) => {
    adminApp = undefined; // a failed fetch (offline for a moment) is tried again next time
    throw error;
  });
  return adminApp;
}

let prefetched = false;

/**
 * Starts fetching the admin app, and the home where sign-in lands (a screen of its own, loaded
 * on demand), once, without waiting for them; a failure is left to the real load.
 */
export function prefetchAdminApp(): void {
  if (prefetched) return;
  prefetched = true;
  fetchAdminApp().catch(() => undefined);
  import("../pages/Home").catch(() => undefined);
}
