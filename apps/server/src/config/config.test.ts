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

  it('never prints a secret it refuses', () => {
    const [problem] = problemsOf({ JWT_SECRET: 'short-secret' });
    expect(problem).toMatch(/^JWT_SECRET=\(hidden\): must be at least 32 characters long/);
    expect(problem).not.toContain('short-secret');
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
