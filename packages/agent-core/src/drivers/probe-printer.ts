import type { DeviceState } from '@printdeck/shared';
import { silentLogger, type Logger } from '../log.js';
import { createDriver, type PrinterHost } from './create-driver.js';
import type { HostNetwork } from './host-network.js';

/** What one try of a printer's address and credentials found. */
export type ProbeResult =
  | { outcome: 'answered' }
  /** the printer answered and refused the credentials (or, Bambu, is not the serial given) */
  | { outcome: 'refused'; detail: string }
  /** nothing answered, or not in time, or the address is outside the allowed networks */
  | { outcome: 'unreachable'; detail: string };

/**
 * LAN mode (issue 25): tries a printer's address and credentials once, before anything is
 * saved, with the driver the built-in agent will run (so the same login, the same certificate
 * check). A Bambu printer's certificate is pinned on this first contact (`pinFile`).
 */
export async function probePrinter(
  host: PrinterHost,
  options: { network?: HostNetwork | undefined; timeoutMs: number },
): Promise<ProbeResult> {
  let settle: (result: ProbeResult) => void = () => undefined;
  const settled = new Promise<ProbeResult>((resolve) => (settle = resolve));
  // a failed connection is told only to the log (`scheduleReconnect`): its reason is the answer
  const log: Logger = {
    ...silentLogger,
    warn(message, fields) {
      if (message.endsWith('connection lost; retrying')) {
        settle({ outcome: 'unreachable', detail: String(fields?.reason ?? message) });
      }
    },
  };
  const driver = createDriver(host, {
    log,
    localIpAddress: null,
    network: options.network,
    tuning: {
      // one try: the first answer decides, no retry is wanted before the deadline
      backoff: { initialMs: options.timeoutMs * 10, maxMs: options.timeoutMs * 10 },
      requestMs: options.timeoutMs,
      staleMs: options.timeoutMs * 10,
      klippyPollMs: options.timeoutMs * 10,
      prusaLinkPollMs: options.timeoutMs * 10,
    },
  });
  driver.onState((state: DeviceState) => {
    const error = state.error;
    if (error?.code === 'permission-denied') settle({ outcome: 'refused', detail: error.detail });
    else if (error?.code !== 'printer-unreachable') settle({ outcome: 'answered' });
  });
  const timer = setTimeout(
    () => settle({ outcome: 'unreachable', detail: 'The printer did not answer in time.' }),
    options.timeoutMs,
  );
  try {
    driver.start();
    return await settled;
  } finally {
    clearTimeout(timer);
    await driver.stop();
  }
}
