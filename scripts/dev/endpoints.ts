/** What the dev server (scripts/dev/server.ts) answers itself, all same-origin, as the CSP allows. */

/** The dev client script (scripts/dev/client.js) every page loads in development. */
export const DEV_CLIENT_PATH = '/__dev/client.js';
/** The reload channel (Server-Sent Events). */
export const EVENTS_PATH = '/__dev/events';
/** The stylesheet rebuilt after a save, by content hash: /__dev/styles.<hash>.css. */
export const STYLES_PREFIX = '/__dev/styles.';
