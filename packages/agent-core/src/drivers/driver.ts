import type {
  DeviceCommand,
  DeviceCommandError,
  DeviceCommandName,
  DeviceDriver,
  DeviceState,
  PrintFileResult,
} from '@printdeck/shared';

const COMMON: readonly DeviceCommandName[] = [
  'connect',
  'power',
  'move_head',
  'home_head',
  'temperature',
  'fan_state',
  'disable_motors',
  'extrude',
  'send_command',
  'pause',
  'resume',
  'cancel',
  'emergency_stop',
  'print_file',
  'list_files',
  'start_local_file',
  'snapshot',
];

/** The commands each driver understands, as its hello announces them. */
export const CAPABILITIES: Record<DeviceDriver, readonly DeviceCommandName[]> = {
  // `klipper_gcode_store` is the console: OctoPrint's terminal in the G-code store's shape
  octoprint: [...COMMON, 'disconnect', 'klipper_gcode_store'],
  pill: [...COMMON, 'disconnect', 'led', 'klipper_gcode_store'],
  moonraker: [
    ...COMMON,
    'led',
    'klipper_macros',
    'klipper_gcode_store',
    'klipper_printer_info',
    'firmware_restart',
  ],
  // PrusaLink v1 has job control and files only: no console, jog, heaters or camera on Buddy
  prusalink: ['pause', 'resume', 'cancel', 'print_file', 'list_files', 'start_local_file'],
  // Bambu Lab LAN: job control and G-code over MQTT, files over FTPS, the chamber light, the
  // A1/P1 camera (port 6000)
  bambu: [
    'pause',
    'resume',
    'cancel',
    'print_file',
    'list_files',
    'start_local_file',
    'send_command',
    'temperature',
    'fan_state',
    'home_head',
    'move_head',
    'led',
    'snapshot',
  ],
};

/** Every command but `print_file`, which the agent downloads first and hands over as a file. */
export type DriverCommand = Exclude<DeviceCommand, { name: 'print_file' }>;

export type JobEventName = 'job_started' | 'job_finished' | 'job_failed' | 'job_cancelled';

/** A job changed on the printer itself (never inferred from a lost link). */
export interface JobEvent {
  name: JobEventName;
  /** the file's path on the printer, when known */
  path: string | null;
  /** when the print began on the printer (Unix seconds): with `path`, the job's identity */
  startedAt?: number;
  reason?: string;
}

/** A downloaded, verified print file on the agent's disk, ready to hand to the printer. */
export interface LocalPrintFile {
  /** where it lies on the agent's disk */
  diskPath: string;
  /** the name to store it under on the printer */
  fileName: string;
  sha256: string;
  /** start printing it once stored */
  print: boolean;
  /** the plate of a `.gcode.3mf` to start (Bambu Lab); the first when left out */
  plate?: number;
}

/**
 * A print file's bytes while they still arrive from the server, for a host that takes an
 * upload framed by its length (OctoPrint's and Moonraker's multipart form): `chunks` ends only
 * once every byte came with the announced size and SHA-256, and throws otherwise, so the
 * upload's last bytes (the form's end) are never sent for a file that did not match: the host
 * sees a cut upload, keeps nothing and prints nothing.
 */
export interface ArrivingPrintFile extends Omit<LocalPrintFile, 'diskPath'> {
  content: { size: number; chunks: AsyncIterable<Buffer> };
}

/**
 * One kind of printer host behind one interface (STYLE: each printer protocol is an adapter).
 * A driver never throws from `start`: an unreachable host is a state, and it keeps trying.
 */
export interface Driver {
  readonly kind: DeviceDriver;
  /** the commands it understands; sent to the server in the hello */
  readonly capabilities: readonly DeviceCommandName[];
  start(): void;
  stop(): Promise<void>;
  getState(): DeviceState;
  onState(listener: (state: DeviceState) => void): void;
  onJobEvent(listener: (event: JobEvent) => void): void;
  /** Runs a command; resolves with its result or rejects with a `CommandFailed`. */
  run(command: DriverCommand, signal: AbortSignal): Promise<unknown>;
  /** Stores a file on the printer and, when asked, starts it. Never retried by the driver. */
  storeFile(file: LocalPrintFile, signal: AbortSignal): Promise<PrintFileResult>;
  /**
   * The same with the file uploaded as it downloads (issue 31): only hosts whose upload is
   * framed by its length, so that a cut one is no file; absent, the file is downloaded first.
   */
  storeArrivingFile?(file: ArrivingPrintFile, signal: AbortSignal): Promise<PrintFileResult>;
  /** OctoPrint only: the API key the workspace keeps, when the agent was started without one. */
  useApiKey?(apiKey: string | null): void;
  /**
   * Resolves once the state first says something true about the printer (its host's first
   * answer with the key it will use, or none): the agent sends no state before. Absent: at once.
   */
  readonly settled?: Promise<void>;
}

/** A command the printer (or the agent) refused, with the code the server understands. */
export class CommandFailed extends Error {
  constructor(
    readonly code: DeviceCommandError,
    message: string,
  ) {
    super(message);
    this.name = 'CommandFailed';
  }
}

export function notSupported(what: string): CommandFailed {
  return new CommandFailed('not-supported', `${what} is not supported by this printer.`);
}

/** A human text for anything thrown, for logs and error messages. */
export function describeError(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
