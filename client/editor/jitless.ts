/**
 * zod builds a faster parser with `new Function` where eval is allowed, and
 * finds out by trying once: under the editor's CSP (no 'unsafe-eval') the
 * try fails, and Firefox reports it as a violation. Jitless, zod neither
 * tries nor compiles. start.tsx imports this first, before any schema is
 * made (a schema asks when it is made).
 */
import * as z from 'zod';

z.config({ jitless: true });
