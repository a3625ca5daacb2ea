import { parseArgs } from 'node:util';

export interface CliOptions {
  port: number;
  host: string;
  apiKey: string | undefined;
  name: string | undefined;
  speed: number;
  /** OctoPrint: the PSU Control plugin is installed (a stock OctoPrint has none) */
  psuControl: boolean;
  /** Bambu Lab: the model (validated by the Bambu command line) */
  model: string | undefined;
}

export const USAGE = `options:
  --port <n>        port to listen on (default: any free port)
  --host <addr>     address to listen on (default 127.0.0.1)
  --api-key <key>   the API key clients must send
  --name <text>     the printer's name
  --speed <factor>  simulated seconds per real second (default 1)
  --no-psu          OctoPrint without the PSU Control plugin, as a stock OctoPrint is
  --model <name>    Bambu Lab: X1C, X1E, P1P, P1S, A1, A1-MINI, P2S, H2D or H2S (default P1S)
  --help            this text`;

/** Parses the simulator command line; throws with a readable message on a bad value. */
export function parseCli(argv: string[]): CliOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'api-key': { type: 'string' },
      name: { type: 'string' },
      speed: { type: 'string' },
      'no-psu': { type: 'boolean' },
      model: { type: 'string' },
      help: { type: 'boolean' },
    },
    strict: true,
  });
  if (values.help) return 'help';
  const port = Number(values.port ?? 0);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`--port must be a port number, got ${values.port}`);
  }
  const speed = Number(values.speed ?? 1);
  if (!Number.isFinite(speed) || speed < 0 || speed > 1_000_000) {
    throw new Error(`--speed must be a number from 0 to 1000000, got ${values.speed}`);
  }
  return {
    port,
    host: values.host ?? '127.0.0.1',
    apiKey: values['api-key'],
    name: values.name,
    speed,
    psuControl: values['no-psu'] !== true,
    model: values.model,
  };
}
