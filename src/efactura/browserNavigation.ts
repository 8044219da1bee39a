/**
 * Leaving the app for another site (ANAF's consent page): a full navigation, not the router's.
 * An object of its own so a test can watch where the browser would go (jsdom cannot navigate).
 */
export const browserNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
