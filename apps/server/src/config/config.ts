import path from 'node:path';
import { redactUrlPassword } from '../logging/redact.js';
import type { LanNetwork } from '../modules/lan-printers/lan-networks.js';
import { EnvSchema } from './config.schema.js';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  redisKeyPrefix: string;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** MAIL_RETRY_SECONDS: the first wait before a kept invitation mail is tried again */
  mailRetrySeconds: number;
  telegram: { botToken: string | undefined; botName: string | undefined; apiUrl: string };
  jwtSecret: string | undefined;
  logLevel: string;
  trustProxyHops: number;
  environment: string;
  /** undefined: the ffmpeg bundled by @ffmpeg-installer/ffmpeg */
  ffmpegPath: string | undefined;
  /** LAN_PRINTER_NETWORKS; empty: LAN mode off */
  lanPrinterNetworks: LanNetwork[];
  /** SENTRY_DSN; undefined: no error reporting */
  sentryDsn: string | undefined;
  /** ANALYTICS_URL and ANALYTICS_SITE_ID; undefined: no page-view analytics */
  analytics: { url: string; siteId: string } | undefined;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

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

/** Parses the environment once; a bad value names its variable and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((key) =>
      env[key] === undefined ? [] : [[key, env[key]]],
    ),
  );
  const parsed = EnvSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        const value =
          name.includes('SECRET') || name.includes('TOKEN')
            ? '(hidden)'
            : `"${redactUrlPassword(known[name] ?? '')}"`;
        return `${name}=${value}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const pairProblem = findAnalyticsPairProblem(e.ANALYTICS_URL, e.ANALYTICS_SITE_ID);
  if (pairProblem) throw new ConfigError([pairProblem]);
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
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
    ffmpegPath: e.FFMPEG_PATH,
    lanPrinterNetworks: e.LAN_PRINTER_NETWORKS,
    sentryDsn: e.SENTRY_DSN,
    analytics:
      e.ANALYTICS_URL && e.ANALYTICS_SITE_ID
        ? { url: e.ANALYTICS_URL.replace(/\/+$/, ''), siteId: e.ANALYTICS_SITE_ID }
        : undefined,
  };
}
