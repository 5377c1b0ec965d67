/** Where the back office is mounted; the API serves it there with an SPA fallback. */
export const ADMIN_BASE = '/app.admin';

/** Absolute in-app path, e.g. adminPath('/login') → '/app.admin/login'. */
export const adminPath = (path: string): string => `${ADMIN_BASE}${path}`;

/** The storefront root: logout leaves the back office with a full page load. */
export const storefrontUrl = (): string => `${window.location.origin}/`;
