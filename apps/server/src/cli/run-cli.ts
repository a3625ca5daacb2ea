import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config/config.js';
import { AppError } from '../http/app-error.js';
import {
  CliRefusedError,
  CliUsageError,
  createUserCommand,
  createWorkspaceCommand,
  resetPasswordCommand,
  setMaintenanceCommand,
  type Flags,
} from './cli-commands.js';
import { withCliContext, type CliContext } from './cli-context.js';

export const CLI_USAGE = `Printdeck administration

  npm run cli -- user create --email E --password P [--admin]
  npm run cli -- user reset-password --email E --password P
  npm run cli -- workspace create --name N --owner E
  npm run cli -- maintenance on|off

The database and data directory come from the same environment as the server
(DATABASE_URL, DATA_DIR).`;

type Command = (context: CliContext, flags: Flags) => Promise<string>;

const COMMANDS: Record<string, { command: Command; flags: string[] }> = {
  'user create': { command: createUserCommand, flags: ['email', 'password', 'admin'] },
  'user reset-password': { command: resetPasswordCommand, flags: ['email', 'password'] },
  'workspace create': { command: createWorkspaceCommand, flags: ['name', 'owner'] },
};

interface Output {
  out(text: string): void;
  err(text: string): void;
}

const processOutput: Output = {
  out: (text) => process.stdout.write(`${text}\n`),
  err: (text) => process.stderr.write(`${text}\n`),
};

/** Runs one command; returns the exit code (0 done, 1 refused, 2 wrong usage). */
export async function runCli(
  argv: string[],
  env = process.env,
  output = processOutput,
): Promise<number> {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        email: { type: 'string' },
        password: { type: 'string' },
        name: { type: 'string' },
        owner: { type: 'string' },
        admin: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
    if (values.help || positionals.length === 0) {
      output.out(CLI_USAGE);
      return values.help ? 0 : 2;
    }
    if (positionals[0] === 'maintenance') {
      output.out(setMaintenanceCommand(loadConfig(env).dataDir, positionals[1]));
      return 0;
    }
    const entry = COMMANDS[positionals.slice(0, 2).join(' ')];
    if (!entry || positionals.length > 2)
      throw new CliUsageError(`Unknown command "${positionals.join(' ')}".`);
    const unexpected = Object.keys(values).filter((flag) => !entry.flags.includes(flag));
    if (unexpected.length) throw new CliUsageError(`Unexpected option --${unexpected[0]}.`);
    output.out(await withCliContext(env, (context) => entry.command(context, values)));
    return 0;
  } catch (error) {
    return reportCliError(error, output);
  }
}

function reportCliError(error: unknown, output: Output): number {
  if (
    error instanceof CliUsageError ||
    (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')
  ) {
    output.err(`Error: ${(error as Error).message}\n\n${CLI_USAGE}`);
    return 2;
  }
  if (error instanceof AppError) {
    const reasons = Object.values(error.details ?? {})
      .flat()
      .join(' ');
    output.err(`Error: ${reasons || error.message}`);
    return 1;
  }
  if (error instanceof CliRefusedError) {
    output.err(`Error: ${error.message}`);
    return 1;
  }
  if (error instanceof ConfigError) {
    output.err(error.message);
    return 1;
  }
  throw error;
}
