/**
 * The site as `npm run dev` serves it: a child process of scripts/dev.ts,
 * one per version of the source. The parent starts the next one ahead of
 * time; it loads the dependencies, which do not change between saves, and
 * waits. On "go" it imports the site's own modules, fresh from the files as
 * they are now, runs the content check, listens on a free loopback port and
 * tells the parent which (the parent is what the browser talks to). Run with
 * node --enable-source-maps --import tsx, so a stack on the error screen
 * names the TypeScript file and line.
 */
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:http';
import type { ChildReady } from './protocol.ts';

const dependencies = Promise.all([import('react'), import('react-dom/server'), import('express'), import('helmet'), import('pino')]);

// Listening from the first moment: a "go" that came while nothing listened would be lost.
process.once('message', async () => {
  await dependencies;
  const [{ createApp }, { readConfigOrExit }, { createLogger }, { contentProblems }, { DEV_CLIENT_PATH }, { pino }] = await Promise.all([
    import('../../server/app.ts'),
    import('../../server/config.ts'),
    import('../../server/logger.ts'),
    import('../check-content.ts'),
    import('./protocol.ts'),
    import('pino'),
  ]);
  const config = readConfigOrExit(process.env);
  for (const line of await contentProblems()) console.error(`content: ${line}`);

  const logger = createLogger(config.logLevel, pino.destination({ dest: 1, sync: true }));
  const app = createApp({ config, logger, clientDir: process.env.DEV_CLIENT_DIR, devScript: DEV_CLIENT_PATH });
  const server = createServer(app);
  server.listen(0, '127.0.0.1', () => {
    process.send!({ port: (server.address() as AddressInfo).port } satisfies ChildReady);
  });
});

// The parent went away, or replaced this process: nothing to drain in development.
process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
