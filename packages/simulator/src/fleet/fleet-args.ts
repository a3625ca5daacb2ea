import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { LogLevel } from '@printdeck/agent-core';
import { FLEET_KINDS, type FleetOptions } from './fleet.js';

export const FLEET_USAGE = `usage: npm run sim -- --server URL [--octoprint N] [--moonraker N] [--pill N] [--prusalink N] [--bambu N]
         (--email E --password P [--workspace ID] | --keys-file FILE)

  --server URL        the Printdeck server the agents connect to
  --octoprint N       simulated OctoPrint printers (default 0)
  --moonraker N       simulated Klipper/Moonraker printers (default 0)
  --pill N            simulated pills: OctoPrint with LED and camera (default 0)
  --prusalink N       simulated Prusa MK4 printers over PrusaLink (default 0)
  --bambu N           simulated Bambu Lab P1S printers in LAN mode (default 0)
  --email, --password sign in, create one device key per printer and print the keys
  --workspace ID      with --email: also add every printer to this workspace
  --keys-file FILE    device keys to use instead: a JSON array, or one key per line
  --state-dir DIR     where the agents keep their identities, one folder per key
                      (default: printdeck-fleet in the system's temp folder)
  --speed FACTOR      simulated seconds per real second (default 1)
  --log-level LEVEL   the agents' log: debug, info, warn, error, silent (default warn)
  --help              this text`;

const MAX_PRINTERS = 500;

/** Every value is text until checked; counts and ids are parsed below. */
const FLEET_OPTIONS = {
  server: { type: 'string' },
  octoprint: { type: 'string' },
  moonraker: { type: 'string' },
  pill: { type: 'string' },
  prusalink: { type: 'string' },
  bambu: { type: 'string' },
  email: { type: 'string' },
  password: { type: 'string' },
  workspace: { type: 'string' },
  'keys-file': { type: 'string' },
  'state-dir': { type: 'string' },
  speed: { type: 'string' },
  'log-level': { type: 'string' },
  help: { type: 'boolean' },
} as const;

export interface FleetArgs {
  options: Omit<FleetOptions, 'log'>;
  logLevel: LogLevel;
}

/** The fleet's command line; throws with a readable message on a bad value. */
export function parseFleetArgs(
  argv: string[],
  readFile: (path: string) => string,
): FleetArgs | 'help' {
  const { values } = parseArgs({ args: argv, options: FLEET_OPTIONS, strict: true });
  if (values.help) return 'help';
  if (!values.server || !/^https?:\/\//.test(values.server)) {
    throw new Error('--server must be the server URL, e.g. http://127.0.0.1:8080');
  }
  const counts = Object.fromEntries(FLEET_KINDS.map((kind) => [kind, count(kind, values[kind])]));
  const total = Object.values(counts).reduce((sum, n) => sum + n, 0);
  if (total < 1 || total > MAX_PRINTERS) {
    throw new Error(
      `start 1 to ${MAX_PRINTERS} printers with --octoprint, --moonraker, --pill, --prusalink or --bambu`,
    );
  }
  const speed = Number(values.speed ?? 1);
  if (!Number.isFinite(speed) || speed < 0 || speed > 1000) {
    throw new Error(`--speed must be a number from 0 to 1000, got ${values.speed}`);
  }
  const logLevel = (values['log-level'] ?? 'warn') as LogLevel;
  if (!['debug', 'info', 'warn', 'error', 'silent'].includes(logLevel)) {
    throw new Error(`--log-level must be debug, info, warn, error or silent`);
  }
  const options: FleetArgs['options'] = {
    server: values.server,
    counts,
    speed,
    stateDir: values['state-dir'] ?? path.join(tmpdir(), 'printdeck-fleet'),
  };
  if (values['keys-file']) {
    if (values.email || values.workspace)
      throw new Error('give either --keys-file or --email, not both');
    options.keys = readKeys(values['keys-file'], readFile);
  } else {
    if (!values.email || !values.password) {
      throw new Error('give --email and --password (to create device keys), or --keys-file');
    }
    const workspace = values.workspace === undefined ? undefined : Number(values.workspace);
    if (workspace !== undefined && !(Number.isInteger(workspace) && workspace > 0)) {
      throw new Error(`--workspace must be a workspace id, got ${values.workspace}`);
    }
    options.account = {
      email: values.email,
      password: values.password,
      ...(workspace !== undefined ? { workspace } : {}),
    };
  }
  return { options, logLevel };
}

function count(kind: string, value: string | undefined): number {
  const n = Number(value ?? 0);
  if (!Number.isInteger(n) || n < 0)
    throw new Error(`--${kind} must be a whole number, got ${value}`);
  return n;
}

/** A JSON array of keys, or one key per line (blank lines and # comments skipped). */
function readKeys(path: string, readFile: (path: string) => string): string[] {
  let text: string;
  try {
    text = readFile(path);
  } catch (error) {
    throw new Error(`cannot read ${path}: ${(error as Error).message}`);
  }
  if (text.trimStart().startsWith('[')) {
    const keys: unknown = JSON.parse(text);
    if (!Array.isArray(keys) || !keys.every((k) => typeof k === 'string' && k !== '')) {
      throw new Error(`${path} must hold a JSON array of device keys`);
    }
    return keys as string[];
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}
