import { accessSync, constants, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import { parseLanNetworks } from '../modules/lan-printers/lan-networks.js';
import { readStorageSettings, STORAGE_ENV } from './storage-config.js';
import { MQTT_ENV, readMqttSettings } from './mqtt-config.js';
import { BACKUP_ENV, readBackupSettings } from './backup-config.js';
import { trimTrailingSlashes } from '@printdeck/shared';
import { PASSWORD_HASH_COSTS, type PasswordHashCost } from '../crypto/password.js';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

function urlWithProtocols(protocols: string[]) {
  return z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol.replace(':', ''));
        } catch {
          return false;
        }
      },
      `must be a URL starting with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    );
}

/** A Sentry (or GlitchTip) DSN: http(s)://<public key>@<host>/<project id>. */
function isSentryDsn(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      ['http:', 'https:'].includes(url.protocol) &&
      url.username !== '' &&
      /\/\d+$/.test(url.pathname)
    );
  } catch {
    return false;
  }
}

/** An executable file named by an absolute path (the system's ffmpeg instead of the bundled one). */
function isExecutableFile(value: string): boolean {
  try {
    if (!statSync(value).isFile()) return false;
    accessSync(value, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

const executablePath = z
  .string()
  .refine((value) => path.isAbsolute(value), 'must be an absolute path')
  .refine(isExecutableFile, 'must name an executable file');

/** ARCHITECTURE §8: every setting is an environment variable with a sensible default. */
/** A comma-separated list of networks (CIDR or ranges), empty by default. */
const LanNetworksSchema = z
  .string()
  .default('')
  .transform((value, ctx) => {
    try {
      return parseLanNetworks(value);
    } catch (error) {
      ctx.addIssue({ code: 'custom', message: (error as Error).message });
      return z.NEVER;
    }
  });

export const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(8080),
  HOST: z.string().trim().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalString.pipe(urlWithProtocols(['postgres', 'postgresql']).optional()),
  /** how long each database connection and the first query at start may take */
  DATABASE_TIMEOUT_SECONDS: z.coerce.number().min(0.1).max(600).default(10),
  REDIS_URL: optionalString.pipe(urlWithProtocols(['redis', 'rediss']).optional()),
  /** starts every Redis key and channel, so several deployments can share one Redis */
  REDIS_KEY_PREFIX: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9:._-]{1,64}$/, 'must be 1–64 letters, digits or : . _ -')
    .default('printdeck:'),
  PUBLIC_URL: optionalString.pipe(urlWithProtocols(['http', 'https']).optional()),
  SMTP_URL: optionalString.pipe(urlWithProtocols(['smtp', 'smtps']).optional()),
  MAIL_FROM: z.string().trim().min(3).default('Printdeck <no-reply@printdeck.local>'),
  /** an invitation kept while the mail server was down is tried again after this (doubling) */
  MAIL_RETRY_SECONDS: z.coerce.number().int().min(1).max(3600).default(30),
  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_BOT_NAME: optionalString,
  TELEGRAM_API_URL: z
    .string()
    .trim()
    .pipe(urlWithProtocols(['http', 'https']))
    .default('https://api.telegram.org'),
  JWT_SECRET: optionalString.pipe(
    z.string().min(32, 'must be at least 32 characters long').optional(),
  ),
  LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
  /** Trust X-Forwarded-For only from this many proxy hops (0 = never). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(0).max(10).default(0),
  ENVIRONMENT: z.string().trim().min(1).max(40).default('production'),
  /** argon2id's cost; `test` (cheap) only on a test server (isTestEnvironment), never a real one */
  PASSWORD_HASH_COST: z
    .enum(PASSWORD_HASH_COSTS as [PasswordHashCost, ...PasswordHashCost[]])
    .default('standard'),
  /**
   * `test`: the web app is told shorter deadlines (public config, TEST_WEB_DEADLINES) so that
   * browser tests do not wait out a person's; only on a test server (isTestEnvironment)
   */
  WEB_DEADLINES: z.enum(['standard', 'test']).default('standard'),
  /** Refused rather than ignored: logs are JSON lines; a reader formats them (`npx pino-pretty`). */
  LOG_PRETTY: z
    .string()
    .optional()
    .refine(
      (value) => value === undefined || value.trim() === '',
      'is not supported: the server logs JSON lines; to read them formatted, pipe them through `npx pino-pretty`',
    ),
  /** timelapse frames and videos one workspace may keep, in GiB; past it recordings stop */
  TIMELAPSE_WORKSPACE_QUOTA_GB: z.coerce.number().min(0.001).max(1_000_000).default(50),
  /** the ffmpeg that makes timelapse videos; default: the one @ffmpeg-installer/ffmpeg installed */
  FFMPEG_PATH: optionalString.pipe(executablePath.optional()),
  /** error reporting (spec part 1 §8), server and web app; unset: nothing is reported */
  SENTRY_DSN: optionalString.pipe(
    z
      .string()
      .refine(
        isSentryDsn,
        'must be a Sentry or GlitchTip DSN such as https://<public key>@sentry.example.com/<project id>',
      )
      .optional(),
  ),
  /** page-view analytics (spec part 1 §2): a self-hosted Plausible; unset: no page views sent */
  ANALYTICS_URL: optionalString.pipe(urlWithProtocols(['http', 'https']).optional()),
  /** the site as Plausible knows it (its "domain"); needed with ANALYTICS_URL */
  ANALYTICS_SITE_ID: optionalString.pipe(
    z
      .string()
      .regex(/^[A-Za-z0-9.:_-]{1,253}$/, 'must be the site id (domain) as Plausible lists it')
      .optional(),
  ),
  /** Prometheus metrics at /metrics, scraped with this bearer token; unset: no /metrics (404) */
  METRICS_TOKEN: optionalString.pipe(
    z.string().min(16, 'must be at least 16 characters long').optional(),
  ),
  /** networks that webhooks, ntfy, Discord and Slack may reach besides the public internet */
  OUTGOING_ALLOWED_NETWORKS: LanNetworksSchema,
  /** LAN mode (issue 17): the networks the server may reach printers in; unset: LAN mode off */
  LAN_PRINTER_NETWORKS: LanNetworksSchema,
  /**
   * LAN mode, Bambu Lab (issue 25): the printers' MQTT, FTPS and camera ports. The printers'
   * own by default; other values reach the simulator or printers behind port forwarding.
   */
  /**
   * Bambu Lab discovery (issue 25): the UDP port the server listens on for the printers'
   * announcements (2021 on a real network); unset: off
   */
  LAN_BAMBU_DISCOVERY_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  LAN_BAMBU_PORTS: z
    .string()
    .default('8883,990,6000,322')
    .transform((value, ctx) => {
      const ports = value.split(',').map((part) => Number(part.trim()));
      const isPort = (p: number) => Number.isInteger(p) && p >= 1 && p <= 65535;
      if (ports.length < 3 || ports.length > 4 || !ports.every(isPort)) {
        ctx.addIssue({
          code: 'custom',
          message: 'Three or four ports, MQTT,FTPS,camera[,RTSPS camera], e.g. 8883,990,6000,322.',
        });
        return z.NEVER;
      }
      // the X1/H2 camera (RTSPS) is on 322 unless a fourth port is given
      const [mqtt, ftps, camera, rtsps = 322] = ports as [number, number, number, number?];
      return { mqtt, ftps, camera, rtsps };
    }),
  ...STORAGE_ENV,
  ...MQTT_ENV,
  ...BACKUP_ENV,
});

/** Analytics needs both its variables: one alone is a mistake, not "off". */
function findAnalyticsPairProblem(url?: string, siteId?: string): string | undefined {
  if (url && !siteId) {
    return `ANALYTICS_SITE_ID is missing: it must be set when ANALYTICS_URL is set (the site's id in Plausible)`;
  }
  if (siteId && !url) {
    return `ANALYTICS_URL is missing: it must be set when ANALYTICS_SITE_ID is set (the Plausible server's address)`;
  }
  return undefined;
}

/**
 * A test server: `test`, or `test-` and a name of the instance (each browser test's server names
 * itself, so its start knows the answer on its port is its own).
 */
function isTestEnvironment(environment: string): boolean {
  return environment === 'test' || environment.startsWith('test-');
}

/** A setting at its test value (cheaper, faster) on a server that is not a test server. */
function findTestOnlySetting(e: z.output<typeof EnvSchema>): string | undefined {
  if (isTestEnvironment(e.ENVIRONMENT)) return undefined;
  if (e.PASSWORD_HASH_COST === 'test') return 'PASSWORD_HASH_COST';
  if (e.WEB_DEADLINES === 'test') return 'WEB_DEADLINES';
  return undefined;
}

/** The environment read into the server's settings; `Config` is its output type. */
export const ConfigSchema = EnvSchema.transform((e, ctx) => {
  const pairProblem = findAnalyticsPairProblem(e.ANALYTICS_URL, e.ANALYTICS_SITE_ID);
  if (pairProblem) {
    ctx.addIssue({ code: 'custom', message: pairProblem });
    return z.NEVER;
  }
  const testOnly = findTestOnlySetting(e);
  if (testOnly) {
    ctx.addIssue({
      code: 'custom',
      path: [testOnly],
      message:
        'is for test servers only (ENVIRONMENT=test or test-…); leave it unset on a real server',
    });
    return z.NEVER;
  }
  const s3 = readStorageSettings(e);
  if (s3 && 'problem' in s3) {
    ctx.addIssue({ code: 'custom', message: s3.problem });
    return z.NEVER;
  }
  const mqtt = readMqttSettings(e);
  if (mqtt && 'problem' in mqtt) {
    ctx.addIssue({ code: 'custom', message: mqtt.problem });
    return z.NEVER;
  }
  const backup = readBackupSettings(e);
  if ('problem' in backup) {
    ctx.addIssue({ code: 'custom', message: backup.problem });
    return z.NEVER;
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    /** DATABASE_TIMEOUT_SECONDS, in ms: each database connection and the first query at start */
    databaseTimeoutMs: e.DATABASE_TIMEOUT_SECONDS * 1000,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl: trimTrailingSlashes(e.PUBLIC_URL ?? `http://localhost:${e.PORT}`),
    /** false: PUBLIC_URL was not set and publicUrl is the localhost default */
    isPublicUrlSet: e.PUBLIC_URL !== undefined,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    /** MAIL_RETRY_SECONDS: the first wait before a kept invitation mail is tried again */
    mailRetrySeconds: e.MAIL_RETRY_SECONDS,
    telegram: {
      botToken: e.TELEGRAM_BOT_TOKEN,
      botName: e.TELEGRAM_BOT_NAME,
      apiUrl: e.TELEGRAM_API_URL,
    },
    jwtSecret: e.JWT_SECRET,
    logLevel: e.LOG_LEVEL,
    trustProxyHops: e.TRUST_PROXY_HOPS,
    environment: e.ENVIRONMENT,
    /** PASSWORD_HASH_COST: `standard` but on test servers */
    passwordHashCost: e.PASSWORD_HASH_COST,
    /** WEB_DEADLINES=test: the web app gets a test server's shorter deadlines */
    hasTestWebDeadlines: e.WEB_DEADLINES === 'test',
    /** TIMELAPSE_WORKSPACE_QUOTA_GB, in bytes */
    timelapseWorkspaceQuotaBytes: Math.round(e.TIMELAPSE_WORKSPACE_QUOTA_GB * 1024 ** 3),
    /** undefined: the ffmpeg bundled by @ffmpeg-installer/ffmpeg */
    ffmpegPath: e.FFMPEG_PATH,
    /** OUTGOING_ALLOWED_NETWORKS; empty: public addresses only */
    outgoingAllowedNetworks: e.OUTGOING_ALLOWED_NETWORKS,
    /** METRICS_TOKEN; undefined: /metrics answers 404 */
    metricsToken: e.METRICS_TOKEN,
    /** LAN_PRINTER_NETWORKS; empty: LAN mode off */
    lanPrinterNetworks: e.LAN_PRINTER_NETWORKS,
    /** LAN_BAMBU_PORTS */
    lanBambuPorts: e.LAN_BAMBU_PORTS,
    /** LAN_BAMBU_DISCOVERY_PORT; undefined: discovery off */
    lanBambuDiscoveryPort: e.LAN_BAMBU_DISCOVERY_PORT,
    /** SENTRY_DSN; undefined: no error reporting */
    sentryDsn: e.SENTRY_DSN,
    /** STORAGE_URL and the S3_* settings; undefined: objects live in the data directory */
    s3,
    /** MQTT_URL and the MQTT_* settings; undefined: no Home Assistant bridge */
    mqtt,
    /** BACKUP_DIR, BACKUP_SCHEDULE, BACKUP_KEEP */
    backup,
    /** ANALYTICS_URL and ANALYTICS_SITE_ID; undefined: no page-view analytics */
    analytics:
      e.ANALYTICS_URL && e.ANALYTICS_SITE_ID
        ? { url: trimTrailingSlashes(e.ANALYTICS_URL), siteId: e.ANALYTICS_SITE_ID }
        : undefined,
  };
});
