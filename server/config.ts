/**
 * Configuration, read once from the environment at start-up, validated, and
 * passed down as one typed object. Nothing else reads process.env.
 */
import { isIP, isIPv4 } from 'node:net';
import { defaultSite, type SiteConfig } from '../shared/site.ts';
import { emailProblem, httpsUrlProblem, originProblem, plainTextProblem } from '../shared/validate.ts';

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  port: number;
  host: string;
  nodeEnv: 'production' | 'development' | 'test';
  logLevel: LogLevel;
  /** Express's "trust proxy" setting: false, true, a hop count, or a list of addresses/subnets. */
  trustProxy: boolean | number | string;
  shutdownTimeoutMs: number;
  site: SiteConfig;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly value: string,
    readonly accepted: string,
  ) {
    super(`Invalid ${variable}=${JSON.stringify(value)}: expected ${accepted}`);
    this.name = 'ConfigError';
  }
}

type Env = Readonly<Record<string, string | undefined>>;

/** Every variable we read, with its default, for the README and for error messages. */
export const ENV_DEFAULTS = {
  PORT: '3000',
  HOST: '0.0.0.0',
  NODE_ENV: 'development',
  LOG_LEVEL: 'info',
  TRUST_PROXY: 'false',
  SHUTDOWN_TIMEOUT_MS: '10000',
  PUBLIC_URL: defaultSite.publicUrl,
  BRAND_NAME: defaultSite.brandName,
  GENERAL_EMAIL: defaultSite.generalEmail,
  SALES_EMAIL: defaultSite.salesEmail,
  LINKEDIN_URL: defaultSite.linkedInUrl,
} as const;

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

export function readConfig(env: Env): Config {
  const get = (name: keyof typeof ENV_DEFAULTS): string => {
    const value = env[name];
    return value === undefined || value.trim() === '' ? ENV_DEFAULTS[name] : value.trim();
  };
  return {
    port: integer('PORT', get('PORT'), 0, 65535),
    host: hostName('HOST', get('HOST')),
    nodeEnv: oneOf('NODE_ENV', get('NODE_ENV'), ['production', 'development', 'test'] as const),
    logLevel: oneOf('LOG_LEVEL', get('LOG_LEVEL'), LOG_LEVELS),
    trustProxy: trustProxy(get('TRUST_PROXY')),
    shutdownTimeoutMs: integer('SHUTDOWN_TIMEOUT_MS', get('SHUTDOWN_TIMEOUT_MS'), 1, 600_000),
    site: {
      publicUrl: new URL(checked('PUBLIC_URL', get('PUBLIC_URL'), originProblem)).origin,
      brandName: checked('BRAND_NAME', get('BRAND_NAME'), plainTextProblem),
      generalEmail: checked('GENERAL_EMAIL', get('GENERAL_EMAIL'), emailProblem),
      salesEmail: checked('SALES_EMAIL', get('SALES_EMAIL'), emailProblem),
      linkedInUrl: new URL(checked('LINKEDIN_URL', get('LINKEDIN_URL'), httpsUrlProblem)).href,
    },
  };
}

function integer(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value) || number < min || number > max) {
    throw new ConfigError(name, value, `a whole number from ${min} to ${max}`);
  }
  return number;
}

function oneOf<const T extends readonly string[]>(name: string, value: string, accepted: T): T[number] {
  if (!accepted.includes(value)) throw new ConfigError(name, value, `one of ${accepted.join(', ')}`);
  return value as T[number];
}

function hostName(name: string, value: string): string {
  if (!/^[A-Za-z0-9.:\-[\]]+$/.test(value)) throw new ConfigError(name, value, 'an IP address or host name, e.g. 0.0.0.0 or ::');
  return value;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Checked here because Express compiles the value only when the app is made,
 * and would stop the start with a stack trace instead of this one line.
 */
function trustProxy(value: string): boolean | number | string {
  if (value === 'true' || value === 'false') return value === 'true';
  if (/^\d+$/.test(value)) return Number(value);
  if (value.split(',').every((entry) => isProxyAddress(entry.trim()))) return value;
  throw new ConfigError(
    'TRUST_PROXY',
    value,
    'true, false, a hop count, or comma-separated loopback, linklocal, uniquelocal, addresses and subnets (e.g. loopback, 10.0.0.0/8)',
  );
}

/** What Express's "trust proxy" (proxy-addr) accepts: a name, an address, address/prefix, or IPv4 address/netmask. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', range, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (range === undefined) return true;
  if (/^\d{1,3}$/.test(range)) return Number(range) <= (version === 4 ? 32 : 128);
  return version === 4 && isIPv4(range);
}

/** The value, when `problem` (shared/validate.ts) accepts it. */
function checked(name: string, value: string, problem: (value: string) => string | undefined): string {
  const expected = problem(value);
  if (expected) throw new ConfigError(name, value, expected);
  return value;
}
