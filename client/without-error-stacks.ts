/**
 * Imported first by the entry, so it runs before React DOM initialises.
 *
 * React DOM creates a few sentinel Error objects as it initialises (the
 * exceptions it throws internally to suspend). With an inspector attached
 * (DevTools open, Lighthouse, any CDP client), V8 records the source position
 * of every frame on the stack for each new Error, and the stack here is the
 * whole 230 KB bundle: V8 re-parses it, 40-100 ms of main thread on this
 * machine's Chromium, more on a phone. Without an inspector it costs nothing.
 *
 * A non-number Error.stackTraceLimit tells V8 to capture no stack at all, so
 * the limit is removed for this first evaluation of the bundle only and put
 * back at the next microtask checkpoint, which comes as soon as the module has
 * run, even if it throws. Errors created meanwhile keep their message and lose
 * only the `stack` property.
 */
const limit = Error.stackTraceLimit;
delete (Error as { stackTraceLimit?: number }).stackTraceLimit;
queueMicrotask(() => {
  // A browser without the setting (undefined) is left without it.
  if (limit !== undefined) Error.stackTraceLimit = limit;
});
