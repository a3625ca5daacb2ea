import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { z } from 'zod';
import {
  createPlugAddressRule,
  defaultStateDir,
  LOG_LEVELS,
  type LogLevel,
  type PrinterHost,
} from '@printdeck/agent-core';

export const USAGE = `usage: printdeck-agent --server URL --key KEY (--octoprint URL [--api-key K] [--pill] | --moonraker URL [--moonraker-api-key K] | --prusalink URL (--prusalink-password P | --prusalink-api-key K) | --bambu ADDRESS --bambu-serial S --bambu-access-code C)

  --server URL              the Printdeck server (env PRINTDECK_SERVER)
  --key KEY                 this printer's device key (env PRINTDECK_KEY)
  --octoprint URL           OctoPrint's address, e.g. http://127.0.0.1:5000 (env OCTOPRINT_URL)
  --api-key KEY             an OctoPrint application or user key (env OCTOPRINT_API_KEY);
                            without it, the key given when the printer was added in Printdeck
  --pill                    the vendor's pill: OctoPrint plus its LED and camera (env PRINTDECK_PILL=true)
  --moonraker URL           Moonraker's address, e.g. http://127.0.0.1:7125 (env MOONRAKER_URL)
  --moonraker-api-key KEY   only when Moonraker requires authorization (env MOONRAKER_API_KEY)
  --power-device NAME       the Moonraker [power NAME] device that feeds the printer
                            (env MOONRAKER_POWER_DEVICE; default: printer; "none" for none)
  --prusalink URL           a Prusa printer's PrusaLink address, e.g. http://192.168.1.30
                            (env PRUSALINK_URL)
  --prusalink-user NAME     PrusaLink's user (env PRUSALINK_USER; default maker)
  --prusalink-password P    PrusaLink's password, shown on the printer under Settings →
                            Network → PrusaLink (env PRUSALINK_PASSWORD)
  --prusalink-api-key K     the older PrusaLink API key instead of the password
                            (env PRUSALINK_API_KEY)
  --bambu ADDRESS           a Bambu Lab printer in LAN mode: its IP address, e.g. 192.168.1.40
                            (env BAMBU_HOST)
  --bambu-serial S          its serial number, Settings → Device on its screen (env BAMBU_SERIAL)
  --bambu-access-code C     its LAN access code, Settings → WLAN (or LAN Only Mode) on its
                            screen (env BAMBU_ACCESS_CODE)
  --bambu-certificate SHA   the printer certificate's SHA-256, to trust only that one; without
                            it the first one seen is pinned in the state dir (env BAMBU_CERTIFICATE)
  --bambu-mqtt-port N       default 8883 (env BAMBU_MQTT_PORT)
  --bambu-ftps-port N       default 990 (env BAMBU_FTPS_PORT)
  --bambu-camera-port N     the A1/P1 camera, default 6000 (env BAMBU_CAMERA_PORT)
  --bambu-rtsps-port N      the X1/H2D camera (RTSPS), default 322 (env BAMBU_RTSPS_PORT)
  --ffmpeg PATH             the ffmpeg that reads the X1/H2D camera; without it that camera
                            gives no picture (env FFMPEG_PATH)
  --config FILE             a file with any of these options: JSON by their long names
                            ({"server": "…"}), or NAME=value lines by their environment names
                            (PRINTDECK_SERVER=…) as the installer writes it
  --plug-networks LIST      the networks the printer's smart plug may be read in, comma-separated
                            address/prefix (env PRINTDECK_PLUG_NETWORKS; default the private and
                            link-local ones: 10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,
                            169.254.0.0/16,fc00::/7,fe80::/10)
  --download-dir DIR        where print files wait while they are checked (default: system temp)
  --state-dir DIR           where the agent keeps its own identity, made on the first start
                            (env PRINTDECK_STATE_DIR; default $XDG_STATE_HOME/printdeck-agent
                            or ~/.local/state/printdeck-agent)
  --log-level LEVEL         debug, info, warn, error or silent (env LOG_LEVEL; default info)
  --version                 the agent's version
  --help                    this text

Command-line options win over the environment, the environment over the config file.`;

/** A configuration that cannot work; the message says which option and why. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

const OPTIONS = {
  server: { type: 'string' },
  key: { type: 'string' },
  octoprint: { type: 'string' },
  'api-key': { type: 'string' },
  pill: { type: 'boolean' },
  moonraker: { type: 'string' },
  'moonraker-api-key': { type: 'string' },
  'power-device': { type: 'string' },
  prusalink: { type: 'string' },
  'prusalink-user': { type: 'string' },
  'prusalink-password': { type: 'string' },
  'prusalink-api-key': { type: 'string' },
  bambu: { type: 'string' },
  'bambu-serial': { type: 'string' },
  'bambu-access-code': { type: 'string' },
  'bambu-certificate': { type: 'string' },
  'bambu-mqtt-port': { type: 'string' },
  'bambu-ftps-port': { type: 'string' },
  'bambu-camera-port': { type: 'string' },
  'bambu-rtsps-port': { type: 'string' },
  ffmpeg: { type: 'string' },
  config: { type: 'string' },
  'plug-networks': { type: 'string' },
  'download-dir': { type: 'string' },
  'state-dir': { type: 'string' },
  'log-level': { type: 'string' },
  help: { type: 'boolean' },
  version: { type: 'boolean' },
} as const;

const ENVIRONMENT: Record<string, string> = {
  PRINTDECK_SERVER: 'server',
  PRINTDECK_KEY: 'key',
  OCTOPRINT_URL: 'octoprint',
  OCTOPRINT_API_KEY: 'api-key',
  PRINTDECK_PILL: 'pill',
  MOONRAKER_URL: 'moonraker',
  MOONRAKER_API_KEY: 'moonraker-api-key',
  MOONRAKER_POWER_DEVICE: 'power-device',
  PRUSALINK_URL: 'prusalink',
  PRUSALINK_USER: 'prusalink-user',
  PRUSALINK_PASSWORD: 'prusalink-password',
  PRUSALINK_API_KEY: 'prusalink-api-key',
  BAMBU_HOST: 'bambu',
  BAMBU_SERIAL: 'bambu-serial',
  BAMBU_ACCESS_CODE: 'bambu-access-code',
  BAMBU_CERTIFICATE: 'bambu-certificate',
  BAMBU_MQTT_PORT: 'bambu-mqtt-port',
  BAMBU_FTPS_PORT: 'bambu-ftps-port',
  BAMBU_CAMERA_PORT: 'bambu-camera-port',
  BAMBU_RTSPS_PORT: 'bambu-rtsps-port',
  FFMPEG_PATH: 'ffmpeg',
  LOG_LEVEL: 'log-level',
  PRINTDECK_STATE_DIR: 'state-dir',
  PRINTDECK_PLUG_NETWORKS: 'plug-networks',
};

const httpUrl = (what: string, protocols = ['http:', 'https:']) =>
  z
    .string()
    .trim()
    .refine(
      (value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      },
      `${what} must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`,
    );
const port = (what: string) =>
  z.coerce
    .number({ message: `${what} must be a port number` })
    .int(`${what} must be a port number`)
    .min(1, `${what} must be a port number`)
    .max(65535, `${what} must be a port number`);
const secret = (what: string) => z.string().trim().min(1, `${what} must not be empty`).max(500);

const ConfigSchema = z
  .strictObject({
    server: httpUrl('--server', ['http:', 'https:', 'ws:', 'wss:']),
    key: secret('--key'),
    octoprint: httpUrl('--octoprint').optional(),
    'api-key': secret('--api-key').optional(),
    pill: z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]).optional(),
    moonraker: httpUrl('--moonraker').optional(),
    'moonraker-api-key': secret('--moonraker-api-key').optional(),
    'power-device': z
      .string()
      .trim()
      .regex(/^[\w.-]{1,64}$/, '--power-device: a device name (letters, digits, _ . -)')
      .optional(),
    prusalink: httpUrl('--prusalink').optional(),
    'prusalink-user': secret('--prusalink-user').optional(),
    'prusalink-password': secret('--prusalink-password').optional(),
    'prusalink-api-key': secret('--prusalink-api-key').optional(),
    bambu: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9.-]{1,253}$/, "--bambu: the printer's IP address or host name")
      .optional(),
    'bambu-serial': z
      .string()
      .trim()
      .regex(/^[A-Z0-9]{8,24}$/, '--bambu-serial: the serial number in capitals, as on the screen')
      .optional(),
    'bambu-access-code': z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{8}$/, '--bambu-access-code: the 8-character code on the screen')
      .optional(),
    'bambu-certificate': z
      .string()
      .trim()
      .regex(/^([0-9A-Fa-f]{2}:?){32}$/, '--bambu-certificate: a SHA-256 fingerprint in hex')
      .optional(),
    'bambu-mqtt-port': port('--bambu-mqtt-port').optional(),
    'bambu-ftps-port': port('--bambu-ftps-port').optional(),
    'bambu-camera-port': port('--bambu-camera-port').optional(),
    'bambu-rtsps-port': port('--bambu-rtsps-port').optional(),
    ffmpeg: z.string().trim().min(1).optional(),
    'plug-networks': z
      .string()
      .transform((value, ctx) => {
        const networks = value
          .split(',')
          .map((entry) => entry.trim())
          .filter((entry) => entry !== '');
        try {
          createPlugAddressRule(networks);
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `--plug-networks: ${(error as Error).message}` });
        }
        return networks;
      })
      .optional(),
    'download-dir': z.string().min(1).optional(),
    'state-dir': z.string().min(1).optional(),
    'log-level': z.enum(LOG_LEVELS).optional(),
  })
  .superRefine((config, ctx) => {
    const hosts = [config.octoprint, config.moonraker, config.prusalink, config.bambu];
    if (hosts.filter(Boolean).length !== 1) {
      ctx.addIssue({
        code: 'custom',
        message: 'give either --octoprint, --moonraker, --prusalink or --bambu (exactly one)',
      });
    }
    if (config.bambu && (!config['bambu-serial'] || !config['bambu-access-code'])) {
      ctx.addIssue({
        code: 'custom',
        message: 'a Bambu Lab printer needs --bambu-serial and --bambu-access-code',
      });
    }
    if (config.prusalink && !config['prusalink-password'] === !config['prusalink-api-key']) {
      ctx.addIssue({
        code: 'custom',
        message: 'PrusaLink needs --prusalink-password or --prusalink-api-key (exactly one)',
      });
    }
  });

export interface AgentConfig {
  serverUrl: string;
  deviceKey: string;
  printer: PrinterHost;
  downloadDir: string | undefined;
  /** where the printer's smart plug may be read (default: the private and link-local networks) */
  plugNetworks: string[] | undefined;
  /** where the agent's identity is kept */
  stateDir: string;
  logLevel: LogLevel;
}

export interface ConfigSources {
  argv: string[];
  env: Record<string, string | undefined>;
  readFile: (path: string) => string;
}

/** Command line over environment over config file, validated once; throws ConfigError. */
export function resolveConfig(sources: ConfigSources): AgentConfig | 'help' | 'version' {
  let values: Record<string, unknown>;
  try {
    values = parseArgs({ args: sources.argv, options: OPTIONS, strict: true }).values;
  } catch (error) {
    throw new ConfigError(error instanceof Error ? error.message : String(error));
  }
  if (values.help) return 'help';
  if (values.version) return 'version';
  const fromFile = typeof values.config === 'string' ? readConfigFile(values.config, sources) : {};
  const fromEnv = Object.fromEntries(
    Object.entries(ENVIRONMENT)
      .filter(([name]) => sources.env[name] !== undefined && sources.env[name] !== '')
      .map(([name, option]) => [option, sources.env[name]]),
  );
  const { config: _config, help: _help, version: _version, ...cli } = values;
  const parsed = ConfigSchema.safeParse({ ...fromFile, ...fromEnv, ...cli });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((issue) => describeIssue(issue)).join('\n'));
  }
  const config = parsed.data;
  const isPill = config.pill === true || config.pill === 'true' || config.pill === '1';
  const stateDir = config['state-dir'] ?? defaultStateDir(sources.env);
  const printer: PrinterHost = config.bambu
    ? bambuHost(config, stateDir)
    : config.octoprint
      ? {
          kind: isPill ? 'pill' : 'octoprint',
          url: config.octoprint,
          ...(config['api-key'] ? { apiKey: config['api-key'] } : {}),
        }
      : config.prusalink
        ? {
            kind: 'prusalink',
            url: config.prusalink,
            ...(config['prusalink-user'] ? { user: config['prusalink-user'] } : {}),
            ...(config['prusalink-password'] ? { password: config['prusalink-password'] } : {}),
            ...(config['prusalink-api-key'] ? { apiKey: config['prusalink-api-key'] } : {}),
          }
        : {
            kind: 'moonraker',
            url: config.moonraker!,
            ...(config['moonraker-api-key'] ? { apiKey: config['moonraker-api-key'] } : {}),
            ...(config['power-device']
              ? { powerDevice: config['power-device'] === 'none' ? null : config['power-device'] }
              : {}),
          };
  return {
    serverUrl: config.server,
    deviceKey: config.key,
    printer,
    downloadDir: config['download-dir'],
    plugNetworks: config['plug-networks'],
    stateDir,
    logLevel: config['log-level'] ?? 'info',
  };
}

/** The pinned certificate is kept beside the agent's identity, one file per printer. */
function bambuHost(config: z.infer<typeof ConfigSchema>, stateDir: string): PrinterHost {
  const serial = config['bambu-serial']!;
  return {
    kind: 'bambu',
    url: config.bambu!,
    serial,
    accessCode: config['bambu-access-code']!,
    pinFile: join(stateDir, `bambu-${serial}.sha256`),
    ...(config['bambu-certificate'] ? { certificateSha256: config['bambu-certificate'] } : {}),
    ...(config['bambu-mqtt-port'] ? { mqttPort: config['bambu-mqtt-port'] } : {}),
    ...(config['bambu-ftps-port'] ? { ftpsPort: config['bambu-ftps-port'] } : {}),
    ...(config['bambu-camera-port'] ? { cameraPort: config['bambu-camera-port'] } : {}),
    ...(config['bambu-rtsps-port'] ? { rtspsPort: config['bambu-rtsps-port'] } : {}),
    ...(config.ffmpeg ? { ffmpegPath: config.ffmpeg } : {}),
  };
}

function readConfigFile(path: string, sources: ConfigSources): Record<string, unknown> {
  let text: string;
  try {
    text = sources.readFile(path);
  } catch (error) {
    throw new ConfigError(`cannot read the config file ${path}: ${(error as Error).message}`);
  }
  if (!text.trimStart().startsWith('{')) return parseEnvFile(path, text);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new ConfigError(`the config file ${path} is not valid JSON`);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data)) {
    throw new ConfigError(`the config file ${path} must hold a JSON object`);
  }
  return data as Record<string, unknown>;
}

/**
 * `NAME=value` lines (the installer's /etc/printdeck-agent/agent.conf): environment names or
 * long option names, `#` comments, values optionally in single or double quotes.
 */
export function parseEnvFile(path: string, text: string): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) continue;
    const match = /^(?:export\s+)?([A-Za-z][\w-]*)\s*=\s*(\S.*)?$/.exec(line);
    if (!match) {
      throw new ConfigError(`${path} line ${index + 1}: expected NAME=value`);
    }
    const name = match[1]!;
    const option = ENVIRONMENT[name] ?? (name in OPTIONS ? name : undefined);
    if (!option || option === 'config' || option === 'help' || option === 'version') {
      throw new ConfigError(`${path} line ${index + 1}: unknown setting ${name}`);
    }
    values[option] = unquote(match[2] ?? '');
  }
  return values;
}

function unquote(value: string): string {
  const quoted = /^(['"])(.*)\1$/.exec(value);
  return quoted ? quoted[2]! : value;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const field = issue.path[0];
  if (issue.code === 'unrecognized_keys') return `unknown option(s): ${issue.keys.join(', ')}`;
  if (field === undefined) return issue.message;
  if (issue.code === 'invalid_type' && issue.input === undefined)
    return `--${String(field)} is required`;
  return issue.message.startsWith('--') ? issue.message : `--${String(field)}: ${issue.message}`;
}
