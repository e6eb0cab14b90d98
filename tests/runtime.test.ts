/** The production server is started the same way everywhere. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SERVER_ARGS } from '../scripts/server-command.mjs';

describe('the server command', () => {
  it('npm start runs node with the shared flags', () => {
    const start = (JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts.start;
    expect(start).toMatch(new RegExp(`&& node ${SERVER_ARGS.join(' ')}$`));
  });

  it('the Dockerfile CMD runs node with the shared flags', () => {
    const cmd = /^CMD (\[.*\])$/m.exec(readFileSync('Dockerfile', 'utf8'))?.[1];
    expect(JSON.parse(cmd ?? '[]')).toEqual(['node', ...SERVER_ARGS]);
  });
});
