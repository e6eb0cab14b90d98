/** The addresses the dev server (scripts/dev.ts) answers itself, and what its child process tells it. */

/** The dev client script (scripts/dev/client.js) every page loads in development. */
export const DEV_CLIENT_PATH = '/__dev/client.js';
/** The reload channel: Server-Sent Events, same origin, so CSP connect-src 'self' allows it. */
export const EVENTS_PATH = '/__dev/events';
/** The stylesheet rebuilt after a save, by content hash: /__dev/styles.<hash>.css. */
export const STYLES_PREFIX = '/__dev/styles.';

/** The child's one message to the parent, once it listens. */
export interface ChildReady {
  port: number;
}
