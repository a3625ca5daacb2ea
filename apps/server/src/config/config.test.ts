import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('has sensible defaults for an empty environment', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      logLevel: 'info',
    });
    expect(config.dataDir.endsWith('/data')).toBe(true);
  });

  it('names the bad variable and says why', () => {
    expect(problemsOf({ PORT: 'eighty' })[0]).toMatch(/^PORT="eighty": /);
    expect(problemsOf({ PORT: '70000' })[0]).toMatch(/^PORT=/);
    expect(problemsOf({ DATABASE_URL: 'mysql://x' })[0]).toMatch(
      /^DATABASE_URL="mysql:\/\/x": must be a URL starting with postgres:\/\/ or postgresql:\/\//,
    );
    expect(problemsOf({ SMTP_URL: 'not a url' })[0]).toMatch(/^SMTP_URL=/);
    expect(problemsOf({ LOG_LEVEL: 'loud' })[0]).toMatch(/^LOG_LEVEL=/);
  });

  it('LAN_BAMBU_PORTS: MQTT, FTPS, camera and optionally the X1/H2 RTSPS camera (else 322)', () => {
    expect(loadConfig({}).lanBambuPorts).toEqual({
      mqtt: 8883,
      ftps: 990,
      camera: 6000,
      rtsps: 322,
    });
    expect(loadConfig({ LAN_BAMBU_PORTS: '1,2,3' }).lanBambuPorts).toMatchObject({ rtsps: 322 });
    expect(loadConfig({ LAN_BAMBU_PORTS: '1,2,3,4' }).lanBambuPorts).toMatchObject({ rtsps: 4 });
    expect(problemsOf({ LAN_BAMBU_PORTS: '1,2' })[0]).toMatch(/Three or four ports/);
    expect(problemsOf({ LAN_BAMBU_PORTS: '1,2,3,4,5' })[0]).toMatch(/Three or four ports/);
    expect(problemsOf({ LAN_BAMBU_PORTS: '1,2,3,70000' })[0]).toMatch(/Three or four ports/);
  });

  it('FFMPEG_PATH must name an executable file by an absolute path', () => {
    expect(problemsOf({ FFMPEG_PATH: 'ffmpeg' })[0]).toMatch(
      /^FFMPEG_PATH="ffmpeg": must be an absolute path/,
    );
    expect(problemsOf({ FFMPEG_PATH: '/no/such/ffmpeg' })[0]).toMatch(
      /^FFMPEG_PATH="\/no\/such\/ffmpeg": must name an executable file/,
    );
    const notExecutable = path.join(mkdtempSync(path.join(os.tmpdir(), 'ffmpeg-')), 'ffmpeg');
    writeFileSync(notExecutable, 'text', { mode: 0o644 });
    expect(problemsOf({ FFMPEG_PATH: notExecutable })[0]).toMatch(/must name an executable file/);
    expect(loadConfig({ FFMPEG_PATH: process.execPath }).ffmpegPath).toBe(process.execPath);
    expect(loadConfig({}).ffmpegPath).toBeUndefined();
  });

  it('error reporting and analytics are off unless configured, and checked when they are', () => {
    expect(loadConfig({})).toMatchObject({ sentryDsn: undefined, analytics: undefined });
    expect(problemsOf({ SENTRY_DSN: 'https://sentry.example.com/4' })[0]).toMatch(
      /^SENTRY_DSN=".*": must be a Sentry or GlitchTip DSN/,
    );
    expect(problemsOf({ SENTRY_DSN: 'https://key@sentry.example.com/' })[0]).toMatch(
      /^SENTRY_DSN=/,
    );
    expect(loadConfig({ SENTRY_DSN: 'https://abc@glitchtip.example.com/7' }).sentryDsn).toBe(
      'https://abc@glitchtip.example.com/7',
    );
    expect(problemsOf({ ANALYTICS_URL: 'https://stats.example.com' })).toEqual([
      expect.stringMatching(/^ANALYTICS_SITE_ID is missing: it must be set when ANALYTICS_URL/),
    ]);
    expect(problemsOf({ ANALYTICS_SITE_ID: 'print.example.com' })).toEqual([
      expect.stringMatching(/^ANALYTICS_URL is missing/),
    ]);
    expect(problemsOf({ ANALYTICS_URL: 'ftp://x', ANALYTICS_SITE_ID: 'a' })[0]).toMatch(
      /^ANALYTICS_URL="ftp:\/\/x": must be a URL starting with http/,
    );
    expect(
      loadConfig({
        ANALYTICS_URL: 'https://stats.example.com/',
        ANALYTICS_SITE_ID: 'print.example.com',
      }).analytics,
    ).toEqual({ url: 'https://stats.example.com', siteId: 'print.example.com' });
  });

  it('PASSWORD_HASH_COST=test only with ENVIRONMENT=test or test-…; the standard cost by default', () => {
    expect(loadConfig({}).passwordHashCost).toBe('standard');
    expect(problemsOf({ PASSWORD_HASH_COST: 'test' })).toEqual([
      'PASSWORD_HASH_COST="test": is for test servers only (ENVIRONMENT=test or test-…); leave it unset on a real server',
    ]);
    expect(problemsOf({ PASSWORD_HASH_COST: 'test', ENVIRONMENT: 'staging' })).toHaveLength(1);
    expect(problemsOf({ PASSWORD_HASH_COST: 'test', ENVIRONMENT: 'testing' })).toHaveLength(1);
    expect(problemsOf({ PASSWORD_HASH_COST: 'test', ENVIRONMENT: 'staging-test' })).toHaveLength(1);
    expect(loadConfig({ PASSWORD_HASH_COST: 'test', ENVIRONMENT: 'test-e2e-1a2b' })).toMatchObject({
      passwordHashCost: 'test',
    });
    expect(problemsOf({ PASSWORD_HASH_COST: 'cheap' })[0]).toMatch(/^PASSWORD_HASH_COST="cheap": /);
    const config = loadConfig({ PASSWORD_HASH_COST: 'test', ENVIRONMENT: 'test' });
    expect(config.passwordHashCost).toBe('test');
  });

  it('WEB_DEADLINES=test only on a test server: a real one refuses it at start', () => {
    expect(loadConfig({}).hasTestWebDeadlines).toBe(false);
    expect(problemsOf({ WEB_DEADLINES: 'test' })).toEqual([
      'WEB_DEADLINES="test": is for test servers only (ENVIRONMENT=test or test-…); leave it unset on a real server',
    ]);
    expect(problemsOf({ WEB_DEADLINES: 'test', ENVIRONMENT: 'staging-test' })).toHaveLength(1);
    expect(problemsOf({ WEB_DEADLINES: 'fast' })[0]).toMatch(/^WEB_DEADLINES="fast": /);
    expect(loadConfig({ WEB_DEADLINES: 'standard' }).hasTestWebDeadlines).toBe(false);
    const config = loadConfig({ WEB_DEADLINES: 'test', ENVIRONMENT: 'test-e2e-1a2b' });
    expect(config.hasTestWebDeadlines).toBe(true);
  });

  it('refuses LOG_PRETTY instead of accepting and ignoring it', () => {
    expect(problemsOf({ LOG_PRETTY: 'true' })[0]).toMatch(
      /^LOG_PRETTY="true": is not supported: the server logs JSON lines; .*pino-pretty/,
    );
    expect(() => loadConfig({ LOG_PRETTY: '' })).not.toThrow();
  });

  it('never prints a secret it refuses', () => {
    const [problem] = problemsOf({ JWT_SECRET: 'short-secret' });
    expect(problem).toMatch(/^JWT_SECRET=\(hidden\): must be at least 32 characters long/);
    expect(problem).not.toContain('short-secret');
  });

  it('never prints the password inside a DATABASE_URL, REDIS_URL or SMTP_URL it refuses', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://app:hunter2-db@db.example/printdeck',
      REDIS_URL: 'http://:hunter2-redis@cache.example',
      SMTP_URL: 'http://mailer:hunter2-smtp@smtp.example:587',
    });
    expect(problems).toHaveLength(3);
    expect(problems.join('\n')).not.toMatch(/hunter2/);
    expect(problems[0]).toMatch(
      /^DATABASE_URL="mysql:\/\/app:\[redacted\]@db\.example\/printdeck": /,
    );
  });

  it('reports every bad variable at once', () => {
    expect(problemsOf({ PORT: 'x', LOG_LEVEL: 'y' })).toHaveLength(2);
  });

  it('treats empty optional variables as unset and trims PUBLIC_URL', () => {
    const config = loadConfig({
      DATABASE_URL: '',
      SMTP_URL: '',
      PUBLIC_URL: 'https://print.example.org/',
    });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.smtpUrl).toBeUndefined();
    expect(config.publicUrl).toBe('https://print.example.org');
  });
});
