/**
 * Configuration: the environment, described by one zod schema, parsed once at
 * start-up and passed down as one typed object. Nothing else reads process.env.
 * zod/mini, the tree-shakable form of zod's API: the server bundle carries
 * only the checks these settings use, not the whole library.
 * Each setting has a default (a string, as it would come from the
 * environment, so defaults pass the same checks), or none when unset means
 * off, and the words an operator reads when a value is refused.
 */
import { compile as compileProxyAddresses } from 'proxy-addr';
import * as z from 'zod/mini';
import { defaultSite } from '../shared/site.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const wholeNumber = (min: number, max: number) =>
  z.pipe(z.pipe(z.string().check(z.regex(/^\d+$/)), z.transform(Number)), z.number().check(z.gte(min), z.lte(max)));

/**
 * Which peers' X-Forwarded-* to believe, as the function of a peer's address
 * and its hop that proxy-addr takes (and Express's "trust proxy" setting
 * accepts as it is): the one place TRUST_PROXY is read. A hop count is
 * proxy-addr's documented `i < n`; a list of addresses, its compile.
 */
export type TrustProxy = (address: string, hop: number) => boolean;

const trustProxy = z.union([
  z.pipe(
    z.enum(['true', 'false']),
    z.transform((value): TrustProxy => (value === 'true' ? () => true : () => false)),
  ),
  z.pipe(wholeNumber(0, 1000), z.transform((hops): TrustProxy => (_address, hop) => hop < hops)),
  z.pipe(
    z.string(),
    z.transform((value, context): TrustProxy => {
      try {
        return compileProxyAddresses(value.split(',').map((entry) => entry.trim()));
      } catch {
        context.issues.push({ code: 'custom', message: 'not an address, subnet or proxy-addr name', input: value });
        return z.NEVER;
      }
    }),
  ),
]);

/** An http(s) origin without a path, as the site's public address; the trailing slash a URL gets is dropped. */
const originOf = (protocol: RegExp) =>
  z.pipe(
    // A pipe, so the origin check runs only on what is a URL.
    z.pipe(z.url({ protocol }), z.string().check(z.refine((value) => new URL(value).href === `${new URL(value).origin}/`))),
    z.transform((value) => new URL(value).origin),
  );
const origin = originOf(/^https?$/);

/** An https address, a path allowed but no query, fragment or credentials; the trailing slash is dropped, as Decap adds its own. */
const withoutExtras = (value: string) => {
  const url = new URL(value);
  return !url.search && !url.hash && !url.username && !url.password;
};
const httpsRoot = z.pipe(
  z.pipe(z.url({ protocol: /^https$/ }), z.string().check(z.refine(withoutExtras))),
  z.transform((value) => `${new URL(value).origin}${new URL(value).pathname.replace(/\/+$/, '')}`),
);
const onOff = z.pipe(z.enum(['true', 'false']), z.transform((value) => value === 'true'));

const hostName = z.string().check(z.regex(/^[A-Za-z0-9.:\-[\]]+$/));
const HOST_ACCEPTED = 'an IP address or host name, e.g. 127.0.0.1, 0.0.0.0 or ::';

interface Setting {
  /** None: unset means off, or follows another setting (the README says which). */
  default?: string;
  accepted: string;
  schema: z.ZodMiniType<unknown, string | undefined>;
}

/** Every variable we read: its default, what it accepts (for the one-line error and the README) and its schema. */
export const SETTINGS = {
  PORT: { default: '3000', accepted: 'a whole number from 0 to 65535', schema: wholeNumber(0, 65535) },
  // Loopback unless told otherwise: the container says 0.0.0.0 itself (Dockerfile).
  HOST: { default: '127.0.0.1', accepted: HOST_ACCEPTED, schema: hostName },
  // Production unless told otherwise, as the built server is: an error screen then shows no exception. npm run dev says development.
  NODE_ENV: { default: 'production', accepted: 'one of production, development, test', schema: z.enum(['production', 'development', 'test']) },
  LOG_LEVEL: { default: 'info', accepted: `one of ${LOG_LEVELS.join(', ')}`, schema: z.enum(LOG_LEVELS) },
  TRUST_PROXY: {
    default: 'false',
    accepted: 'true, false, a hop count, or comma-separated loopback, linklocal, uniquelocal, addresses and subnets (e.g. loopback, 10.0.0.0/8)',
    schema: trustProxy,
  },
  SHUTDOWN_TIMEOUT_MS: { default: '10000', accepted: 'a whole number from 1 to 600000', schema: wholeNumber(1, 600_000) },
  MAX_CONNECTIONS: { default: '1000', accepted: 'a whole number from 1 to 100000', schema: wholeNumber(1, 100_000) },
  PUBLIC_URL: {
    default: defaultSite.publicUrl,
    accepted: 'an http(s) origin with no path, query or credentials, such as https://www.example.com',
    schema: origin,
  },
  BRAND_NAME: {
    default: defaultSite.brandName,
    accepted: 'plain text of at most 80 characters, without < or >',
    schema: z.string().check(z.maxLength(80), z.regex(/^[^\u0000-\u001f<>]+$/)),
  },
  GENERAL_EMAIL: { default: defaultSite.generalEmail, accepted: 'an e-mail address such as info@example.com', schema: z.email() },
  SALES_EMAIL: { default: defaultSite.salesEmail, accepted: 'an e-mail address such as sales@example.com', schema: z.email() },
  LINKEDIN_URL: {
    default: defaultSite.linkedInUrl,
    accepted: 'an absolute https URL',
    schema: z.pipe(z.url({ protocol: /^https$/ }), z.transform((value) => new URL(value).href)),
  },
  METRICS_PORT: { accepted: 'a whole number from 1 to 65535, other than PORT', schema: z.optional(wholeNumber(1, 65535)) },
  METRICS_HOST: { accepted: HOST_ACCEPTED, schema: z.optional(hostName) },
  EDITOR_GITHUB_REPO: {
    accepted: 'a GitHub repository written owner/name, e.g. example/procurement-site',
    schema: z.optional(z.string().check(z.regex(/^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/))),
  },
  EDITOR_GITHUB_BRANCH: {
    default: 'main',
    accepted: 'a branch name such as main: letters, digits and . _ / -, not starting with - or containing ..',
    schema: z.string().check(z.regex(/^(?!-)(?!.*\.\.)[A-Za-z0-9._/-]{1,200}$/)),
  },
  // GitHub Enterprise Server answers its API under /api/v3 of its own host.
  EDITOR_GITHUB_API: {
    default: 'https://api.github.com',
    accepted: 'the https address of the GitHub API, with no query: https://api.github.com, or https://<host>/api/v3 for GitHub Enterprise Server',
    schema: httpsRoot,
  },
  EDITOR_DRAFTS: { default: 'false', accepted: 'true or false', schema: onOff },
  EDITOR_AUTH_URL: {
    accepted: 'the https origin of the OAuth proxy the editor signs in through, e.g. https://auth.example.com (needed with EDITOR_GITHUB_REPO)',
    schema: z.optional(originOf(/^https$/)),
  },
  EDITOR_ORIGIN: {
    accepted: "the editor's own origin, not PUBLIC_URL's, e.g. https://admin.example.com (needed with EDITOR_GITHUB_REPO)",
    schema: z.optional(origin),
  },
} as const satisfies Record<string, Setting>;

type Name = keyof typeof SETTINGS;
type Parsed = { [N in Name]: z.output<(typeof SETTINGS)[N]['schema']> };

/** An unset, empty or blank variable takes its default, if it has one. */
const envSchema = z.object(
  Object.fromEntries(
    Object.entries(SETTINGS as Record<Name, Setting>).map(([name, setting]) => [
      name,
      z.pipe(
        z.transform((value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : setting.default)),
        setting.schema,
      ),
    ]),
    // fromEntries loses the names; the schemas are the ones in SETTINGS.
  ) as unknown as { [N in Name]: z.ZodMiniType<Parsed[N], unknown> },
);

const configSchema = z.pipe(
  envSchema.check(
    z.refine((env) => env.METRICS_PORT !== env.PORT, { path: ['METRICS_PORT'] }),
    z.refine((env) => env.EDITOR_GITHUB_REPO === undefined || env.EDITOR_AUTH_URL !== undefined, { path: ['EDITOR_AUTH_URL'] }),
    // The editor keeps the git host's token in its origin's storage: never the site's (docs/decisions/0005-browser-editor.md).
    z.refine((env) => env.EDITOR_GITHUB_REPO === undefined || (env.EDITOR_ORIGIN !== undefined && env.EDITOR_ORIGIN !== env.PUBLIC_URL), { path: ['EDITOR_ORIGIN'] }),
  ),
  z.transform((env) => ({
  port: env.PORT,
  host: env.HOST,
  nodeEnv: env.NODE_ENV,
  logLevel: env.LOG_LEVEL,
  /** Whom to believe about the client's address and protocol (TrustProxy). */
  trustProxy: env.TRUST_PROXY,
  shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
  /** The connections answered at once; past it, new ones are turned away with 503 (docs/operations.md, "Overload"). */
  maxConnections: env.MAX_CONNECTIONS,
  site: {
    publicUrl: env.PUBLIC_URL,
    brandName: env.BRAND_NAME,
    generalEmail: env.GENERAL_EMAIL,
    salesEmail: env.SALES_EMAIL,
    linkedInUrl: env.LINKEDIN_URL,
  },
  /** Prometheus metrics on a port of their own, or none. */
  metrics: env.METRICS_PORT === undefined ? undefined : { port: env.METRICS_PORT, host: env.METRICS_HOST ?? env.HOST },
  /** The browser editor at /admin with GitHub as its backend, or none (server/editor-site.ts). */
  editor:
    env.EDITOR_GITHUB_REPO === undefined
      ? undefined
      : {
          repo: env.EDITOR_GITHUB_REPO,
          branch: env.EDITOR_GITHUB_BRANCH,
          apiRoot: env.EDITOR_GITHUB_API,
          /** Saves go to a branch and a pull request, published by merging it (Decap's editorial workflow). */
          drafts: env.EDITOR_DRAFTS,
          authUrl: env.EDITOR_AUTH_URL!,
          origin: env.EDITOR_ORIGIN!,
        },
  })),
);

export type Config = z.output<typeof configSchema> & { tracing: boolean };
export type LogLevel = Config['logLevel'];

/** The default of every variable (undefined for those without), as the README's table lists them. */
export const ENV_DEFAULTS = Object.fromEntries(
  Object.entries(SETTINGS as Record<Name, Setting>).map(([name, setting]) => [name, setting.default]),
) as Record<Name, string | undefined>;

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly accepted: string,
    why = `expected ${accepted}`,
  ) {
    super(`Invalid ${variable}=${JSON.stringify(value)}: ${why}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Settings renamed, by their old names: set, an old name would be ignored and the editor silently off. */
const RENAMED: Readonly<Record<string, Name>> = {
  CMS_GITHUB_REPO: 'EDITOR_GITHUB_REPO',
  CMS_GITHUB_BRANCH: 'EDITOR_GITHUB_BRANCH',
  CMS_GITHUB_API: 'EDITOR_GITHUB_API',
  CMS_DRAFTS: 'EDITOR_DRAFTS',
  CMS_AUTH_URL: 'EDITOR_AUTH_URL',
  CMS_ORIGIN: 'EDITOR_ORIGIN',
};

/** The configuration, or a ConfigError for the first variable it refuses. */
export function readConfig(env: Env): Config {
  const old = Object.keys(RENAMED).find((name) => env[name]?.trim());
  if (old) throw new ConfigError(old, env[old]!.trim(), RENAMED[old]!, `${old} is now ${RENAMED[old]}`);
  const result = configSchema.safeParse(env);
  if (result.success) return { ...result.data, tracing: tracingRequested(env) };
  const name = result.error.issues[0]?.path[0] as Name;
  throw new ConfigError(name, env[name]?.trim() || ENV_DEFAULTS[name] || '', SETTINGS[name].accepted);
}

/** How long the process waits after the drain for buffered spans to be sent: not a setting, but an orchestrator's grace period must cover it. */
export const SPAN_FLUSH_TIMEOUT_MS = 3_000;

/**
 * Tracing is opt-in through OpenTelemetry's own variables, which its SDK reads
 * itself (docs/operations.md#traces): on when they name an OTLP endpoint or a
 * trace exporter other than `none`, unless OTEL_SDK_DISABLED is true.
 */
function tracingRequested(env: Env): boolean {
  const set = (name: string) => env[name]?.trim() || undefined;
  if (set('OTEL_SDK_DISABLED')?.toLowerCase() === 'true') return false;
  const exporter = set('OTEL_TRACES_EXPORTER');
  if (exporter) return exporter !== 'none';
  return Boolean(set('OTEL_EXPORTER_OTLP_ENDPOINT') || set('OTEL_EXPORTER_OTLP_TRACES_ENDPOINT'));
}

/** The variables of the site's settings (Config['site']), which the build reads too. */
export const SITE_VARIABLES = ['PUBLIC_URL', 'BRAND_NAME', 'GENERAL_EMAIL', 'SALES_EMAIL', 'LINKEDIN_URL'] as const satisfies readonly Name[];

/**
 * The site's settings alone, as `npm run build` reads them to fill the words
 * it draws into the share images (shared/routes.ts, fillSite); the other
 * variables are the server's. A bad value ends the process as readConfigOrExit does.
 */
export function readSiteOrExit(env: Env): Config['site'] {
  return readConfigOrExit(Object.fromEntries(SITE_VARIABLES.map((name) => [name, env[name]]))).site;
}

/** readConfig for a process starting up: a bad value ends it with the one line an operator can act on. */
export function readConfigOrExit(env: Env): Config {
  try {
    return readConfig(env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // console, not the logger: the logger is not set up yet (LOG_LEVEL may be the bad value).
    console.error(error.message);
    process.exit(1);
  }
}
