/**
 * `npm run dev`: checks the settings once, then runs the dev server
 * (scripts/dev/server.ts) under `tsx watch`, which starts it again after every
 * save of code in content/, shared/, server/, client/ or anything they import; the
 * words and pictures (content/words, content/art) and client/styles.css are left to
 * the dev server, which makes the site again in place. Design and figures:
 * docs/development.md.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { readConfigOrExit } from '../../server/config.ts';

const env = { NODE_ENV: 'development', LOG_LEVEL: 'warn', ...process.env };
// A bad setting stops here, with its one line and exit code 1.
const config = readConfigOrExit(env);

// The address is tried once, here, so that a port in use stops `npm run dev` too; PORT=0 picks a free
// one, which every run then listens on.
const probe = createServer().listen(config.port, config.host);
await once(probe, 'listening').catch((error: Error) => {
  console.error(`Could not listen on ${config.host}:${config.port}: ${error.message}`);
  process.exit(1);
});
const { port } = probe.address() as AddressInfo;
probe.close();

console.log('Watching content/, shared/, server/ and client/: a save makes the site again and open tabs reload; client/styles.css is swapped in place');
// The code; the words and pictures are the dev server's to watch, which makes the site again without stopping.
const watcher = spawn(
  process.execPath,
  [fileURLToPath(import.meta.resolve('tsx/cli')), 'watch', '--clear-screen=false', '--include=content/*.ts', '--include=shared', '--include=server', '--include=client', '--exclude=client/styles.css', fileURLToPath(import.meta.resolve('./server.ts'))],
  { stdio: 'inherit', env: { ...env, HOST: config.host, PORT: String(port) } },
);
// Ctrl-C reaches both processes; a plain SIGTERM (a test, a process manager) reaches this one only.
process.on('SIGTERM', () => watcher.kill('SIGTERM'));
process.on('SIGINT', () => {});
watcher.on('exit', (code) => process.exit(code ?? 1));
