/**
 * Configuration: every variable's default, what it accepts, and the one-line
 * message an operator gets for a value it does not accept.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_DEFAULTS, readConfig, SETTINGS } from '../server/config.ts';

const ENV_ACCEPTED = Object.fromEntries(Object.entries(SETTINGS).map(([name, setting]) => [name, setting.accepted]));
import { defaultSite } from '../shared/site.ts';

function rejection(env: Record<string, string>): ConfigError {
  try {
    readConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error(`readConfig accepted ${JSON.stringify(env)}`);
}

describe('readConfig', () => {
  it('gives the documented defaults for an empty environment', () => {
    expect(readConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      nodeEnv: 'production',
      logLevel: 'info',
      trustProxy: expect.any(Function),
      shutdownTimeoutMs: 10_000,
      maxConnections: 1000,
      site: defaultSite,
      metrics: undefined,
      editor: undefined,
      tracing: false,
    });
  });

  it('treats an empty or blank variable as unset', () => {
    expect(readConfig({ PORT: '', LOG_LEVEL: '  ', BRAND_NAME: '' })).toEqual({ ...readConfig({}), trustProxy: expect.any(Function) });
  });

  it('reads every variable it lists', () => {
    const config = readConfig({
      PORT: '8080',
      HOST: '::',
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '1',
      SHUTDOWN_TIMEOUT_MS: '25000',
      MAX_CONNECTIONS: '300',
      PUBLIC_URL: 'https://buy.example.org/',
      BRAND_NAME: 'Acme Sourcing',
      GENERAL_EMAIL: 'hello@example.org',
      SALES_EMAIL: 'deals@example.org',
      LINKEDIN_URL: 'https://www.linkedin.com/company/acme',
      METRICS_PORT: '9464',
      METRICS_HOST: '127.0.0.1',
      EDITOR_GITHUB_REPO: 'acme/site',
      EDITOR_GITHUB_BRANCH: 'content',
      EDITOR_GITHUB_API: 'https://github.example.org/api/v3/',
      EDITOR_DRAFTS: 'true',
      EDITOR_AUTH_URL: 'https://auth.example.org/',
      EDITOR_ORIGIN: 'https://admin.example.org',
    });
    expect(config).toEqual({
      port: 8080,
      host: '::',
      nodeEnv: 'development',
      logLevel: 'warn',
      trustProxy: expect.any(Function),
      shutdownTimeoutMs: 25_000,
      maxConnections: 300,
      site: {
        publicUrl: 'https://buy.example.org',
        brandName: 'Acme Sourcing',
        generalEmail: 'hello@example.org',
        salesEmail: 'deals@example.org',
        linkedInUrl: 'https://www.linkedin.com/company/acme',
      },
      metrics: { port: 9464, host: '127.0.0.1' },
      editor: { repo: 'acme/site', branch: 'content', apiRoot: 'https://github.example.org/api/v3', drafts: true, authUrl: 'https://auth.example.org', origin: 'https://admin.example.org' },
      tracing: false,
    });
    // The table of docs/operations.md and the error messages come from this list.
    expect(Object.keys(ENV_DEFAULTS).sort()).toEqual(
      ['PORT', 'HOST', 'NODE_ENV', 'LOG_LEVEL', 'TRUST_PROXY', 'SHUTDOWN_TIMEOUT_MS', 'MAX_CONNECTIONS', 'PUBLIC_URL', 'BRAND_NAME', 'GENERAL_EMAIL', 'SALES_EMAIL', 'LINKEDIN_URL', 'METRICS_PORT', 'METRICS_HOST', 'EDITOR_GITHUB_REPO', 'EDITOR_GITHUB_BRANCH', 'EDITOR_GITHUB_API', 'EDITOR_DRAFTS', 'EDITOR_AUTH_URL', 'EDITOR_ORIGIN'].sort(),
    );
  });

  it.each([
    ['PORT', '0', 0],
    ['PORT', '65535', 65535],
    ['HOST', '127.0.0.1', '127.0.0.1'],
    ['HOST', 'localhost', 'localhost'],
    ['HOST', '::1', '::1'],
    ['NODE_ENV', 'test', 'test'],
    ['LOG_LEVEL', 'silent', 'silent'],
    ['LOG_LEVEL', 'trace', 'trace'],
    ['SHUTDOWN_TIMEOUT_MS', '1', 1],
    ['SHUTDOWN_TIMEOUT_MS', '600000', 600_000],
    ['PUBLIC_URL', 'http://localhost:3000', 'http://localhost:3000'],
    ['METRICS_PORT', '1', 1],
    ['METRICS_PORT', '65535', 65535],
  ] as const)('accepts %s=%s', (variable, value, expected) => {
    const config = readConfig({ [variable]: value });
    const read = {
      PORT: config.port,
      HOST: config.host,
      NODE_ENV: config.nodeEnv,
      LOG_LEVEL: config.logLevel,
      SHUTDOWN_TIMEOUT_MS: config.shutdownTimeoutMs,
      PUBLIC_URL: config.site.publicUrl,
      METRICS_PORT: config.metrics?.port,
    }[variable];
    expect(read).toEqual(expected);
  });

  // Which peer, at which hop (0 is the socket's), each value believes about the client.
  it.each([
    ['false', [['127.0.0.1', 0, false], ['10.1.2.3', 1, false]]],
    ['true', [['203.0.113.7', 0, true], ['198.51.100.1', 9, true]]],
    ['2', [['203.0.113.7', 0, true], ['203.0.113.7', 1, true], ['203.0.113.7', 2, false]]],
    ['loopback', [['127.0.0.1', 0, true], ['::1', 0, true], ['10.0.0.1', 0, false]]],
    ['loopback, 10.0.0.0/8, fd00::/8', [['10.9.9.9', 1, true], ['fd00::1', 0, true], ['192.168.0.1', 0, false]]],
    ['192.168.1.0/255.255.255.0', [['192.168.1.40', 0, true], ['192.168.2.40', 0, false]]],
  ] as const)('TRUST_PROXY=%s trusts as documented', (value, cases) => {
    const { trustProxy } = readConfig({ TRUST_PROXY: value });
    for (const [address, hop, trusted] of cases) expect([address, hop, trustProxy(address, hop)]).toEqual([address, hop, trusted]);
  });

  it.each([
    ['PORT', 'http', 'a whole number from 0 to 65535'],
    ['PORT', '65536', 'a whole number from 0 to 65535'],
    ['PORT', '-1', 'a whole number from 0 to 65535'],
    ['PORT', '80.5', 'a whole number from 0 to 65535'],
    ['HOST', 'http://0.0.0.0', 'an IP address or host name'],
    ['HOST', 'my host', 'an IP address or host name'],
    ['NODE_ENV', 'prod', 'one of production, development, test'],
    ['LOG_LEVEL', 'verbose', 'one of fatal, error, warn, info, debug, trace, silent'],
    ['TRUST_PROXY', 'yes', 'true, false, a hop count'],
    ['TRUST_PROXY', '10.0.0.0/33', 'true, false, a hop count'],
    ['TRUST_PROXY', 'loopback,,', 'true, false, a hop count'],
    ['TRUST_PROXY', '300.1.1.1', 'true, false, a hop count'],
    ['SHUTDOWN_TIMEOUT_MS', '0', 'a whole number from 1 to 600000'],
    ['SHUTDOWN_TIMEOUT_MS', '10s', 'a whole number from 1 to 600000'],
    ['MAX_CONNECTIONS', '0', 'a whole number from 1 to 100000'],
    ['PUBLIC_URL', 'www.example.com', 'an http(s) origin with no path'],
    ['PUBLIC_URL', 'https://www.example.com/site', 'an http(s) origin with no path'],
    ['PUBLIC_URL', 'ftp://www.example.com', 'an http(s) origin with no path'],
    ['BRAND_NAME', 'Acme <b>Sourcing</b>', 'plain text of at most 80 characters'],
    ['BRAND_NAME', 'A'.repeat(81), 'plain text of at most 80 characters'],
    ['GENERAL_EMAIL', 'info', 'an e-mail address'],
    ['GENERAL_EMAIL', 'info@example', 'an e-mail address'],
    ['SALES_EMAIL', 'sales at example.com', 'an e-mail address'],
    ['SALES_EMAIL', '<sales@example.com>', 'an e-mail address'],
    ['LINKEDIN_URL', 'http://www.linkedin.com/company/example', 'an absolute https URL'],
    ['LINKEDIN_URL', 'linkedin.com/company/example', 'an absolute https URL'],
    ['METRICS_PORT', '0', 'a whole number from 1 to 65535, other than PORT'],
    ['METRICS_PORT', '65536', 'a whole number from 1 to 65535, other than PORT'],
    ['METRICS_PORT', '9464/metrics', 'a whole number from 1 to 65535, other than PORT'],
    ['METRICS_PORT', '3000', 'a whole number from 1 to 65535, other than PORT'],
    ['METRICS_HOST', 'http://0.0.0.0', 'an IP address or host name'],
    ['EDITOR_GITHUB_REPO', 'https://github.com/acme/site', 'a GitHub repository written owner/name'],
    ['EDITOR_GITHUB_REPO', 'acme', 'a GitHub repository written owner/name'],
    ['EDITOR_GITHUB_BRANCH', '-main', 'a branch name such as main'],
    ['EDITOR_GITHUB_BRANCH', 'a..b', 'a branch name such as main'],
    ['EDITOR_GITHUB_API', 'http://github.example.org/api/v3', 'the https address of the GitHub API'],
    ['EDITOR_GITHUB_API', 'https://github.example.org/api/v3?token=x', 'the https address of the GitHub API'],
    ['EDITOR_GITHUB_API', 'https://user:secret@github.example.org/api/v3', 'the https address of the GitHub API'],
    ['EDITOR_GITHUB_API', 'api.github.com', 'the https address of the GitHub API'],
    ['EDITOR_DRAFTS', 'yes', 'true or false'],
    ['EDITOR_AUTH_URL', 'http://auth.example.org', 'the https origin of the OAuth proxy'],
    ['EDITOR_AUTH_URL', 'https://auth.example.org/oauth', 'the https origin of the OAuth proxy'],
    ['CMS_GITHUB_REPO', 'acme/site', 'CMS_GITHUB_REPO is now EDITOR_GITHUB_REPO'],
    ['CMS_GITHUB_BRANCH', 'content', 'CMS_GITHUB_BRANCH is now EDITOR_GITHUB_BRANCH'],
    ['CMS_GITHUB_API', 'https://github.example.org/api/v3', 'CMS_GITHUB_API is now EDITOR_GITHUB_API'],
    ['CMS_DRAFTS', 'true', 'CMS_DRAFTS is now EDITOR_DRAFTS'],
    ['CMS_AUTH_URL', 'https://auth.example.org', 'CMS_AUTH_URL is now EDITOR_AUTH_URL'],
    ['CMS_ORIGIN', 'https://admin.example.org', 'CMS_ORIGIN is now EDITOR_ORIGIN'],
  ])('rejects %s=%s in one line naming the variable, the value and what is accepted', (variable, value, accepted) => {
    const error = rejection({ [variable]: value });
    expect(error.variable).toBe(variable);
    expect(error.value).toBe(value);
    expect(error.message).toContain(`${variable}=${JSON.stringify(value)}`);
    expect(error.message).toContain(accepted);
    expect(error.message).not.toContain('\n');
  });
});

describe('the browser editor', () => {
  it('is off unless EDITOR_GITHUB_REPO is set, and then on the main branch unless told another', () => {
    const editor = { EDITOR_AUTH_URL: 'https://auth.example.org', EDITOR_ORIGIN: 'https://admin.example.org' };
    expect(readConfig({ EDITOR_GITHUB_BRANCH: 'content', ...editor }).editor).toBeUndefined();
    expect(readConfig({ EDITOR_GITHUB_REPO: 'acme/site', ...editor }).editor).toEqual({
      repo: 'acme/site',
      branch: 'main',
      apiRoot: 'https://api.github.com',
      drafts: false,
      authUrl: 'https://auth.example.org',
      origin: 'https://admin.example.org',
    });
  });

  it('talks to GitHub.com’s API unless EDITOR_GITHUB_API names another (GitHub Enterprise Server’s, under /api/v3), saving straight to the branch unless EDITOR_DRAFTS is true', () => {
    const editor = { EDITOR_GITHUB_REPO: 'acme/site', EDITOR_AUTH_URL: 'https://auth.example.org', EDITOR_ORIGIN: 'https://admin.example.org' };
    // An API under /api/v3/ and EDITOR_DRAFTS=true: 'reads every variable it lists'.
    expect(readConfig({ ...editor, EDITOR_GITHUB_API: 'https://github.example.org:8443' }).editor?.apiRoot).toBe('https://github.example.org:8443');
    expect(readConfig({ ...editor, EDITOR_DRAFTS: 'false' }).editor?.drafts).toBe(false);
  });

  it('needs EDITOR_AUTH_URL with EDITOR_GITHUB_REPO: editors sign in through it', () => {
    const error = rejection({ EDITOR_GITHUB_REPO: 'acme/site', EDITOR_ORIGIN: 'https://admin.example.org' });
    expect(error.message).toBe('Invalid EDITOR_AUTH_URL="": expected ' + ENV_ACCEPTED.EDITOR_AUTH_URL);
  });

  it('needs an origin of its own with EDITOR_GITHUB_REPO, not the site’s: the editor keeps the git host’s token there', () => {
    const editor = { EDITOR_GITHUB_REPO: 'acme/site', EDITOR_AUTH_URL: 'https://auth.example.org' };
    expect(rejection(editor).message).toBe('Invalid EDITOR_ORIGIN="": expected ' + ENV_ACCEPTED.EDITOR_ORIGIN);
    expect(rejection({ ...editor, PUBLIC_URL: 'https://www.example.org', EDITOR_ORIGIN: 'https://www.example.org/' }).message).toBe('Invalid EDITOR_ORIGIN="https://www.example.org/": expected ' + ENV_ACCEPTED.EDITOR_ORIGIN);
    expect(rejection({ ...editor, EDITOR_ORIGIN: 'https://admin.example.org/editor' }).variable).toBe('EDITOR_ORIGIN');
  });
});

describe('metrics and traces', () => {
  it('serve metrics on METRICS_HOST, which follows HOST unless set', () => {
    expect(readConfig({ HOST: '127.0.0.1', METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
    expect(readConfig({ HOST: '127.0.0.1', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    expect(readConfig({ METRICS_HOST: '0.0.0.0' }).metrics).toBeUndefined();
    expect(rejection({ PORT: '8080', METRICS_PORT: '8080' }).message).toBe('Invalid METRICS_PORT="8080": expected a whole number from 1 to 65535, other than PORT');
  });

  it.each([
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, true],
    [{ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces' }, true],
    [{ OTEL_TRACES_EXPORTER: 'otlp' }, true],
    [{ OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SDK_DISABLED: 'true', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, false],
    [{ OTEL_SERVICE_NAME: 'site', OTEL_EXPORTER_OTLP_ENDPOINT: ' ' }, false],
  ])('trace when the OTEL_* variables %o ask for it: %s', (env, tracing) => {
    expect(readConfig(env).tracing).toBe(tracing);
  });
});

describe('docs/operations.md', () => {
  it('lists every variable with its default under Configuration, and says what unset means for those without', () => {
    const operations = readFileSync(join(import.meta.dirname, '..', 'docs', 'operations.md'), 'utf8');
    const section = operations.slice(operations.indexOf('\n## Configuration\n'), operations.indexOf('\n## ', operations.indexOf('\n## Configuration\n') + 1));
    const rows = [...section.matchAll(/^\| `([A-Z_]+)` \| ([^|]*) \|/gm)].map(([, name, value]) => [name, value!.trim()]);
    const expected = Object.entries(ENV_DEFAULTS).map(([name, value]) => [name, value === undefined ? expect.not.stringMatching(/^`/) : `\`${value}\``]);
    expect(Object.fromEntries(rows)).toEqual(Object.fromEntries(expected));
  });
});
