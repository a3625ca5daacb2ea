import type { BackoffPolicy } from '../connection/backoff.js';
import type { Logger } from '../log.js';
import type { Driver } from './driver.js';
import type { HostNetwork } from './host-network.js';
import { MoonrakerDriver } from './moonraker/moonraker-driver.js';
import { OctoPrintDriver } from './octoprint/octoprint-driver.js';
import { BambuDriver, type BambuDriverOptions } from './bambu/bambu-driver.js';
import { createPillDriver } from './pill.js';
import { PrusaLinkDriver } from './prusalink/prusalink-driver.js';

/** The printer host an agent drives, as configured. */
export type PrinterHost =
  | { kind: 'octoprint' | 'pill'; url: string; apiKey?: string }
  | {
      kind: 'moonraker';
      url: string;
      apiKey?: string;
      /** the `[power]` device feeding the printer (default `printer`); null: none */
      powerDevice?: string | null;
    }
  | {
      kind: 'prusalink';
      url: string;
      /** Digest login (Settings → Network → PrusaLink); user `maker` on Buddy */
      user?: string;
      password?: string;
      /** the older X-Api-Key, instead of user and password */
      apiKey?: string;
    }
  /** url: the printer's IP address or host name; the rest as the driver takes them */
  | ({ kind: 'bambu' } & Pick<
      BambuDriverOptions,
      | 'url'
      | 'serial'
      | 'accessCode'
      | 'mqttPort'
      | 'ftpsPort'
      | 'cameraPort'
      | 'rtspsPort'
      | 'ffmpegPath'
      | 'certificateSha256'
      | 'pinFile'
    >);

export interface DriverTuning {
  backoff: BackoffPolicy;
  /** longest wait for one answer from the host */
  requestMs: number;
  /** a silent link to the host counts as lost after this long */
  staleMs: number;
  /** Moonraker: how often to look again while Klippy is disconnected */
  klippyPollMs: number;
  /** PrusaLink: how often its status is read (default 2 s) */
  prusaLinkPollMs?: number;
  /** Bambu: a silent MQTT link asks for everything after this long (pushall at most every 5 min) */
  bambuSilenceMs?: number;
}

export function createDriver(
  host: PrinterHost,
  deps: {
    log: Logger;
    localIpAddress: string | null;
    tuning: DriverTuning;
    network?: HostNetwork | undefined;
  },
): Driver {
  const { log, localIpAddress, tuning } = deps;
  const common = {
    log,
    localIpAddress,
    backoff: tuning.backoff,
    requestTimeoutMs: tuning.requestMs,
    ...(deps.network ? { network: deps.network } : {}),
  };
  switch (host.kind) {
    case 'octoprint':
      return new OctoPrintDriver({
        ...common,
        url: host.url,
        apiKey: host.apiKey ?? '',
        staleMs: tuning.staleMs,
      });
    case 'pill':
      return createPillDriver({
        ...common,
        url: host.url,
        apiKey: host.apiKey ?? '',
        staleMs: tuning.staleMs,
      });
    case 'moonraker':
      return new MoonrakerDriver({
        ...common,
        url: host.url,
        ...(host.apiKey ? { apiKey: host.apiKey } : {}),
        ...(host.powerDevice !== undefined ? { powerDevice: host.powerDevice } : {}),
        heartbeatMs: tuning.staleMs,
        pollMs: tuning.klippyPollMs,
      });
    case 'prusalink':
      return new PrusaLinkDriver({
        ...common,
        url: host.url,
        credentials: {
          ...(host.user ? { user: host.user } : {}),
          ...(host.password ? { password: host.password } : {}),
          ...(host.apiKey ? { apiKey: host.apiKey } : {}),
        },
        ...(tuning.prusaLinkPollMs ? { pollMs: tuning.prusaLinkPollMs } : {}),
      });
    case 'bambu':
      return new BambuDriver({
        ...common,
        url: host.url,
        serial: host.serial,
        accessCode: host.accessCode,
        ...(host.mqttPort ? { mqttPort: host.mqttPort } : {}),
        ...(host.ftpsPort ? { ftpsPort: host.ftpsPort } : {}),
        ...(host.cameraPort ? { cameraPort: host.cameraPort } : {}),
        ...(host.rtspsPort ? { rtspsPort: host.rtspsPort } : {}),
        ...(host.ffmpegPath ? { ffmpegPath: host.ffmpegPath } : {}),
        ...(host.certificateSha256 ? { certificateSha256: host.certificateSha256 } : {}),
        ...(host.pinFile ? { pinFile: host.pinFile } : {}),
        ...(tuning.bambuSilenceMs ? { silenceMs: tuning.bambuSilenceMs } : {}),
      });
  }
}
