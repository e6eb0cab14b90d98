// `npm start` runs this first: it builds when there is no build, or when a
// source file is newer than the last one. Plain JavaScript, so it runs
// without tsx (a production install has no dev dependencies, and needs no build).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const stamp = 'dist/.build-stamp';
// What the build reads: the code, and the content, whose words and pictures the server's bundle and the assets carry.
const sources = ['server', 'client', 'shared', 'scripts', 'content', 'package-lock.json'];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestMtime(join(path, name))));
}

const hasSources = existsSync('scripts/build/build.ts') && existsSync('node_modules/.bin/tsx');
const built = existsSync(stamp) && existsSync('dist/server/main.js');
if (hasSources && (!built || Math.max(...sources.map(newestMtime)) > statSync(stamp).mtimeMs)) {
  const result = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else if (!built) {
  console.error('No build in dist/ and no build tools installed: run `npm install` and `npm run build` first.');
  process.exit(1);
}
