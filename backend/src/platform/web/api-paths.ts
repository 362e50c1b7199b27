/**
 * Addresses that machines call (the plugin's API, Stripe's webhooks, the server-function
 * transport, the Stripe emulator's REST API when it runs): one nothing answers gets the JSON error
 * envelope, never the site's HTML 404 page.
 */
const API_PREFIXES = ['/api', '/webhooks', '/_serverFn', '/v1'];

export function isApiPath(path: string): boolean {
  return API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}
