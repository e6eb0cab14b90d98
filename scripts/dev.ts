/**
 * `npm run dev`: builds the client, then serves from source. tsx watch
 * restarts this on any change under server/, shared/ or client/.
 */
import { spawn } from 'node:child_process';
import { buildClient } from './build.ts';

await buildClient();
const server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit', env: { NODE_ENV: 'development', ...process.env } });
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
