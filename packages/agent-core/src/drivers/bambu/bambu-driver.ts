import { randomUUID } from 'node:crypto';
import type { MqttClient } from 'mqtt';
import type { DeviceCommandName, PrintFileResult } from '@printdeck/shared';
import {
  CAPABILITIES,
  CommandFailed,
  describeError,
  type Driver,
  type DriverCommand,
  type LocalPrintFile,
} from '../driver.js';
import { HostDriver, type HostDriverOptions } from '../host-driver.js';
import { hostOf } from './bambu-host.js';
import type { HostNetwork } from '../host-network.js';
import { takeBambuSnapshot, type CameraTarget } from './bambu-camera.js';
import {
  assertLiveviewOn,
  hasRtspsCamera,
  RTSPS_PORT,
  takeRtspsSnapshot,
  type RtspsCameraTarget,
} from './bambu-rtsps-camera.js';
import { runBambuCommand, uploadToBambu, type BambuSend } from './bambu-commands.js';
import type { FtpsTarget } from './bambu-ftps.js';
import { BambuJobFollower } from './bambu-job-follower.js';
import { assertSlicedFor, productNameOf, readSlicedPrinterModel } from './bambu-sliced-model.js';
import { PUSHALL_MIN_INTERVAL_MS, PushallWatchdog } from './bambu-watchdog.js';
import { MAX_REPORT_BYTES, mergeReport, parseReport } from './bambu-report.js';
import {
  BAMBU,
  gcodeState,
  initialBambuModel,
  isActiveState,
  normaliseBambuState,
  type BambuModel,
} from './bambu-state.js';
import {
  CertificateChanged,
  CertificateMismatch,
  CertificatePin,
  openPrinterTls,
} from './bambu-tls.js';

export interface BambuDriverOptions extends HostDriverOptions {
  /** the printer's serial number: the topic and the certificate's CN (case-sensitive) */
  serial: string;
  /** the LAN access code (Settings → WLAN, or LAN Only mode, on the printer's screen) */
  accessCode: string;
  /** default 8883 */
  mqttPort?: number;
  /** default 990 */
  ftpsPort?: number;
  /** the A1/P1 JPEG camera; default 6000 */
  cameraPort?: number;
  /** the X1/H2D RTSPS camera; default 322 */
  rtspsPort?: number;
  /** the ffmpeg that decodes the X1/H2D's RTSPS camera; none: that camera cannot be read */
  ffmpegPath?: string;
  /** the printer certificate's SHA-256, when the admin gives it; else pinned on first contact */
  certificateSha256?: string;
  /** where the pinned fingerprint is kept across restarts */
  pinFile?: string;
  /** no report this long: a pushall (at most every `pushallIntervalMs`), then reconnect (60 s) */
  silenceMs?: number;
  /** the least time between two pushalls (default 5 min, OpenBambuAPI's P1P rule) */
  pushallIntervalMs?: number;
}

/** CONNACK 4/5: the access code is wrong (it changes when LAN mode is toggled; reference §1.1). */
const REFUSED_LOGIN = new Set([4, 5]);

/**
 * A Bambu Lab printer in LAN mode (reference §1): one MQTT connection over TLS (`bblp` + access
 * code), reports merged into one state, commands on the request topic, files over implicit
 * FTPS. Every connection is a new client with a new id and nothing queued, so that a command
 * sent before a loss is never replayed (bambuddy; reference §1.3). A lost printer is unknown.
 */
export class BambuDriver extends HostDriver<BambuModel> implements Driver {
  readonly kind = 'bambu' as const;
  readonly capabilities: readonly DeviceCommandName[] = CAPABILITIES.bambu;
  readonly #host: string;
  readonly #serial: string;
  readonly #accessCode: string;
  readonly #mqttPort: number;
  readonly #pin: CertificatePin;
  readonly #ftps: FtpsTarget;
  readonly #camera: CameraTarget;
  readonly #rtspsCamera: RtspsCameraTarget;
  readonly #silenceMs: number;
  readonly #network: HostNetwork | undefined;
  readonly #jobs = new BambuJobFollower((event) => this.emitJobEvent(event));
  #client: MqttClient | null = null;
  #sequence = 0;
  /** replies awaited by sequence_id: settle with the reply, or fail when the link goes */
  readonly #waiting = new Map<
    string,
    { resolve: (reply: Record<string, unknown>) => void; reject: (error: Error) => void }
  >();
  readonly #silence: PushallWatchdog;
  #watchdog: NodeJS.Timeout | null = null;
  #isOversizeLogged = false;
  #isMalformedLogged = false;

  constructor(options: BambuDriverOptions) {
    super(options, initialBambuModel(options.localIpAddress), normaliseBambuState);
    this.#host = hostOf(options.url);
    this.#serial = options.serial;
    this.#accessCode = options.accessCode;
    this.#mqttPort = options.mqttPort ?? 8883;
    this.#network = options.network;
    this.#silenceMs = options.silenceMs ?? 60_000;
    this.#silence = new PushallWatchdog(
      this.#silenceMs,
      Date.now(),
      options.pushallIntervalMs ?? PUSHALL_MIN_INTERVAL_MS,
    );
    this.#pin = new CertificatePin(options.serial, options.certificateSha256, options.pinFile);
    this.#ftps = {
      host: this.#host,
      port: options.ftpsPort ?? 990,
      serial: options.serial,
      accessCode: options.accessCode,
      pin: this.#pin,
      // a stalled transfer or reply; H2D sends the 226 30 s+ after the data (reference §1.12)
      timeoutMs: Math.max(this.requestTimeoutMs, 60_000),
    };
    this.#camera = {
      host: this.#host,
      port: options.cameraPort ?? 6000,
      serial: options.serial,
      accessCode: options.accessCode,
      pin: this.#pin,
      timeoutMs: this.requestTimeoutMs,
    };
    this.#rtspsCamera = {
      ...this.#camera,
      port: options.rtspsPort ?? RTSPS_PORT,
      // the stream's first frame waits for its key frame: longer than a JPEG request
      timeoutMs: Math.max(this.requestTimeoutMs, 15_000),
      ffmpegPath: options.ffmpegPath,
    };
  }

  async run(command: DriverCommand, _signal: AbortSignal): Promise<unknown> {
    this.#assertConnected();
    const host = await this.#checkedHost();
    if (command.name === 'snapshot') {
      // X1 and H2 stream RTSPS on 322, P1 and A1 JPEGs on 6000 (reference §1.13): by model
      await this.#versionAnswer;
      if (!hasRtspsCamera(this.#productName)) return takeBambuSnapshot({ ...this.#camera, host });
      assertLiveviewOn(this.model.report);
      return takeRtspsSnapshot({ ...this.#rtspsCamera, host });
    }
    return runBambuCommand(this.#send, { ...this.#ftps, host }, command);
  }

  /** the printer's `product_name` from `info.get_version` ("Bambu Lab P1S"), once it answered */
  #productName: string | null = null;
  /** settles once `info.get_version` was answered, or not in time */
  #versionAnswer: Promise<void> = Promise.resolve();

  async storeFile(file: LocalPrintFile, _signal: AbortSignal): Promise<PrintFileResult> {
    this.#assertConnected();
    // a start while busy is refused, and on an A1 mini it cancelled the running job (§1.9)
    if (file.print && isActiveState(gcodeState(this.model.report))) {
      throw new CommandFailed('busy', 'The printer is busy with another print.');
    }
    if (/\.3mf$/i.test(file.fileName)) {
      const modelId = await readSlicedPrinterModel(file.diskPath);
      assertSlicedFor(file.fileName, modelId, this.#productName);
    }
    const ftps = { ...this.#ftps, host: await this.#checkedHost() };
    return uploadToBambu(this.#send, ftps, file, (attempt, reason) =>
      this.log.warn('upload to the printer failed, trying again', { attempt, reason }),
    );
  }

  /**
   * The address to connect to now: as given, or (LAN mode) resolved and checked against the
   * allowed networks at every connection, the checked address itself used (no second lookup).
   * TLS names the serial (`servername`), so connecting to the address loses nothing.
   */
  async #checkedHost(): Promise<string> {
    if (!this.#network) return this.#host;
    const pinned = new URL(await this.#network.pin(`http://${this.#host}/`));
    return pinned.hostname.replace(/^\[(.*)\]$/, '$1');
  }

  #assertConnected(): void {
    this.assertReachable();
    if (this.model.isPermissionDenied) {
      throw new CommandFailed(
        'permission-denied',
        this.model.refusal ?? 'The printer refused the access code.',
      );
    }
    if (!this.#client?.connected) {
      throw new CommandFailed('printer-unreachable', `${BAMBU} is not connected.`);
    }
  }

  /** Publishes with QoS 1 and waits for the reply with the same sequence_id (reference §1.4). */
  readonly #send: BambuSend = (kind, body) => {
    const client = this.#client;
    if (!client?.connected) {
      return Promise.reject(new CommandFailed('printer-unreachable', `${BAMBU} is not connected.`));
    }
    const sequenceId = String(++this.#sequence);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.#waiting.delete(sequenceId);
        // some replies never come: the reports confirm the effect (reference §1.4)
        resolve(null);
      }, this.requestTimeoutMs);
      this.#waiting.set(sequenceId, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      client.publish(
        `device/${this.#serial}/request`,
        JSON.stringify({ [kind]: { sequence_id: sequenceId, ...body } }),
        { qos: 1 },
        (error) => {
          if (!error) return;
          clearTimeout(timer);
          this.#waiting.delete(sequenceId);
          reject(new CommandFailed('printer-unreachable', `${BAMBU}: ${error.message}`));
        },
      );
    });
  };

  protected disconnect(): void {
    if (this.#watchdog) clearInterval(this.#watchdog);
    this.#watchdog = null;
    const client = this.#client;
    this.#client = null;
    client?.removeAllListeners();
    client?.on('error', () => undefined);
    client?.end(true);
    // a command whose reply never came may or may not have run: say so, never send it again
    for (const { reject } of this.#waiting.values()) {
      reject(
        new CommandFailed('printer-unreachable', `${BAMBU}: the link was lost before it answered.`),
      );
    }
    this.#waiting.clear();
  }

  override async stop(): Promise<void> {
    this.#jobs.stop();
    await super.stop();
  }

  protected async connect(): Promise<void> {
    if (this.isStopped) return;
    let socket;
    try {
      socket = await openPrinterTls({
        host: await this.#checkedHost(),
        port: this.#mqttPort,
        serial: this.#serial,
        pin: this.#pin,
        timeoutMs: this.requestTimeoutMs,
      });
    } catch (error) {
      this.#lost(error);
      return;
    }
    // loaded with the first Bambu printer: a server without one never pays for the package
    const { MqttClient: Client } = await import('mqtt');
    if (this.isStopped) {
      socket.destroy();
      return;
    }
    const client = new Client(() => socket, {
      clientId: `printdeck-${randomUUID()}`,
      username: 'bblp',
      password: this.#accessCode,
      protocolVersion: 4,
      clean: true,
      keepalive: 30,
      reconnectPeriod: 0,
      connectTimeout: this.requestTimeoutMs,
      resubscribe: false,
    });
    this.#client = client;
    client.on('connect', () => void this.#onConnect(client));
    client.on('message', (_topic, payload) => this.#onMessage(payload));
    client.on('error', (error) => this.#lost(error));
    client.on('close', () => {
      if (this.#client === client) this.#lost(new Error('the MQTT connection closed'));
    });
  }

  async #onConnect(client: MqttClient): Promise<void> {
    this.markConnected();
    this.update({ isReachable: true, isPermissionDenied: false, refusal: null, hasReport: false });
    this.log.info('following the Bambu Lab printer', { serial: this.#serial });
    client.subscribe(`device/${this.#serial}/report`, { qos: 0 }, () => {
      // a full report, and the model (reference §1.5: pushall with get_version after SUBSCRIBE)
      void this.#send('pushing', { command: 'pushall', version: 1, push_target: 1 }).catch(
        () => undefined,
      );
      this.#versionAnswer = this.#send('info', { command: 'get_version' })
        .then((reply) => {
          this.#productName = productNameOf(reply) ?? this.#productName;
        })
        .catch(() => undefined);
    });
    this.#silence.onConnect(Date.now());
    this.#watchdog = setInterval(() => this.#checkSilence(), Math.max(1000, this.#silenceMs / 4));
  }

  /** The silence rule (`PushallWatchdog`): a pushall at most every 5 min, then reconnect. */
  #checkSilence(): void {
    const now = Date.now();
    const action = this.#silence.check(now);
    if (action === 'reconnect') {
      const silentS = Math.round(this.#silence.silentMsAt(now) / 1000);
      this.#lost(new Error(`no report for ${silentS} s, not even after a pushall`));
    } else if (action === 'pushall') {
      void this.#send('pushing', { command: 'pushall', version: 1, push_target: 1 }).catch(
        () => undefined,
      );
    }
  }

  #onMessage(payload: Buffer): void {
    this.#silence.onMessage(Date.now());
    if (payload.length > MAX_REPORT_BYTES) {
      if (!this.#isOversizeLogged)
        this.log.warn('ignored an oversized report', { bytes: payload.length });
      this.#isOversizeLogged = true;
      return;
    }
    const message = parseReport(payload);
    if (!message) {
      if (!this.#isMalformedLogged) this.log.warn('ignored a report that is not a JSON object');
      this.#isMalformedLogged = true;
      return;
    }
    for (const value of Object.values(message)) {
      if (typeof value !== 'object' || value === null) continue;
      const body = value as Record<string, unknown>;
      const sequenceId = body.sequence_id ?? body.sequenceId;
      if (body.command !== 'push_status' && typeof sequenceId === 'string') {
        this.#waiting.get(sequenceId)?.resolve(body);
        this.#waiting.delete(sequenceId);
      }
    }
    const print = message.print;
    if (
      typeof print === 'object' &&
      print !== null &&
      (print as Record<string, unknown>).command === 'push_status'
    ) {
      const body = print as Record<string, unknown>;
      // the first full report (pushall: msg 0, or a report with gcode_state) makes the state known
      const isFull = body.msg === 0 || 'gcode_state' in body;
      this.update({
        report: mergeReport(this.model.report, body),
        hasReport: this.model.hasReport || isFull,
      });
    }
  }

  /** A refused login or certificate is a state with words; anything else is unreachable. */
  #lost(error: unknown): void {
    if (this.isStopped) return;
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'number' && REFUSED_LOGIN.has(code)) {
      this.update({
        isReachable: true,
        isPermissionDenied: true,
        refusal:
          'The printer refused the access code. Read it again on the printer’s screen ' +
          '(Settings → WLAN / LAN Only Mode): it changes whenever LAN mode is switched.',
      });
    } else if (error instanceof CertificateChanged || error instanceof CertificateMismatch) {
      this.log.warn('refused the printer certificate', { reason: error.message });
      this.update({ isReachable: true, isPermissionDenied: true, refusal: error.message });
    } else {
      this.update({ isReachable: false, hasReport: false });
    }
    this.disconnect();
    this.scheduleReconnect(BAMBU, describeError(error));
  }

  protected override afterChange(): void {
    this.#jobs.follow(this.model);
  }
}
