import type { z } from 'zod';
import { redactUrlPassword } from '../logging/redact.js';
import { ConfigSchema, EnvSchema } from './config.schema.js';

/** The server's settings: the environment as ConfigSchema reads it. */
export type Config = z.output<typeof ConfigSchema>;

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** Parses the environment once; a bad value names its variable and the reason. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const known = Object.fromEntries(
    Object.keys(EnvSchema.shape).flatMap((key) =>
      env[key] === undefined ? [] : [[key, env[key]]],
    ),
  );
  const parsed = ConfigSchema.safeParse(known);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.');
        if (!name) return issue.message; // a rule over several variables names them itself
        const value = /SECRET|TOKEN|KEYS/.test(name)
          ? '(hidden)'
          : `"${redactUrlPassword(known[name] ?? '')}"`;
        return `${name}=${value}: ${issue.message}`;
      }),
    );
  }
  return parsed.data;
}
