import pino, { type Logger } from 'pino';

/** Structured JSON logs; secrets are redacted wherever they might appear. */
export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  const options: pino.LoggerOptions = {
    level,
    redact: {
      paths: ['req.headers.authorization', '*.password', '*.token', '*.refresh', '*.access'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
