/** What the agent writes about itself; never a key, a token or a signed URL's query. */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

/** One line per entry on standard error: time, level, message, then the fields as JSON. */
export function createConsoleLogger(level: LogLevel = 'info', prefix = ''): Logger {
  const threshold = LOG_LEVELS.indexOf(level);
  const write =
    (entryLevel: Exclude<LogLevel, 'silent'>) =>
    (message: string, fields?: Record<string, unknown>) => {
      if (LOG_LEVELS.indexOf(entryLevel) < threshold) return;
      const extra = fields && Object.keys(fields).length > 0 ? ` ${JSON.stringify(fields)}` : '';
      process.stderr.write(
        `${new Date().toISOString()} ${entryLevel.padEnd(5)} ${prefix}${message}${extra}\n`,
      );
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}

export const silentLogger: Logger = createConsoleLogger('silent');

/** A URL fit for a log line: no credentials, no query (a signed URL's token lives there). */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return `${parsed.origin}${parsed.pathname}`;
  } catch {
    return '<invalid url>';
  }
}
