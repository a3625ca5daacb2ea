/**
 * OctoPrint's serial autodetection, as 1.11 runs it (src/octoprint/util/comm.py): a connection
 * without a port (or `AUTO`) or without a baudrate is "Detecting serial connection"
 * (`_monitor`: `needs_detection`). `_perform_detection_step` tries every port/baudrate pair in
 * turn: the ports `serialList()` finds (the last used first; the virtual printer's `VIRTUAL`
 * comes from a plugin hook, after the devices), each with the saved baudrate or else
 * `baudrateList()` — all seven with one port, only 115200 and 250000 with more. Each pair gets
 * `DETECTION_RETRIES` (3) hellos; each waits `serial.timeout.detectionConsecutive` (2 s by
 * default, settings.py; `attempt_handshake` counts the try before it reads the timeout, so
 * `detectionFirst` is not what it waits). A port that cannot be opened is skipped at once. The
 * first `ok` or `start` makes it Operational (`_onConnected`): no "Opening serial connection"
 * and no "Connecting" on this path. Without any answer: "No more candidates to test, and no
 * working port/baudrate combination detected."
 */
export const DETECTION_RETRIES = 3;
const BAUDRATES = [115200, 250000, 230400, 57600, 38400, 19200, 9600];
const BAUDRATES_OF_MANY_PORTS = [115200, 250000];
export const NO_CANDIDATES =
  'No more candidates to test, and no working port/baudrate combination detected.';

export interface SerialDetection {
  /** The ports `serialList()` finds, in its order; each opens, only the printer's answers. */
  ports: string[];
  /** The port the printer answers on (the virtual printer answers at any baudrate). */
  printerPort: string;
  /** `serial.timeout.detectionConsecutive`: seconds each hello waits for an answer. */
  handshakeSeconds: number;
  /** Seconds the printer takes to answer the hello on its own port. */
  answerSeconds: number;
}

export const DEFAULT_DETECTION: SerialDetection = {
  ports: ['/dev/ttyACM0', 'VIRTUAL'],
  printerPort: 'VIRTUAL',
  handshakeSeconds: 2,
  answerSeconds: 1,
};

/** True when OctoPrint detects instead of opening the given port at the given baudrate. */
export function needsDetection(port: string | null, baudrate: number): boolean {
  return !(port && port !== 'AUTO' && baudrate);
}

/** The port/baudrate pairs in the order OctoPrint tries them (`_perform_detection_step(init)`). */
export function detectionCandidates(
  detection: SerialDetection,
  port: string | null,
  baudrate: number,
  lastPort: string | null,
): Array<[string, number]> {
  const found = [...detection.ports];
  if (lastPort !== null && found.includes(lastPort)) {
    found.splice(found.indexOf(lastPort), 1);
    found.unshift(lastPort);
  }
  const ports = port && port !== 'AUTO' ? [port] : found;
  const baudrates = baudrate
    ? [baudrate]
    : ports.length === 1
      ? BAUDRATES
      : BAUDRATES_OF_MANY_PORTS;
  return ports.flatMap((p) => baudrates.map((b): [string, number] => [p, b]));
}

/**
 * How the detection ends: the pair the printer answers on and the seconds until its answer,
 * or null pair after every pair went unanswered.
 */
export function detectionOutcome(
  detection: SerialDetection,
  candidates: Array<[string, number]>,
  isPrinterReachable: boolean,
): { found: [string, number] | null; seconds: number } {
  const perSilentPair = DETECTION_RETRIES * detection.handshakeSeconds;
  const index = isPrinterReachable
    ? candidates.findIndex(([port]) => port === detection.printerPort)
    : -1;
  const found = candidates[index];
  if (index < 0 || !found) return { found: null, seconds: candidates.length * perSilentPair };
  return { found, seconds: index * perSilentPair + detection.answerSeconds };
}
