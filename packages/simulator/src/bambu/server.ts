import { Camera, headAcrossBed } from '../camera/camera.js';
import type { PrinterOptions } from '../printer-model/printer.js';
import { createPrinter, type Simulator, type SimulatorOptions } from '../simulator.js';
import { bambuAnnouncement, startAnnouncer, type AnnounceOptions } from './announcer.js';
import { startPrinterBroker } from './broker.js';
import { startCameraStream } from './camera-stream.js';
import { resolveShippedFfmpeg, sharedClip } from './h264-clip.js';
import { startRtspsServer, type RtspsServer } from './rtsps-server.js';
import { CERTIFICATE_SERIAL, printerCertificate } from './certs.js';
import { handleRequest, markCancelled, type BambuContext } from './commands.js';
import { BambuFaults } from './faults.js';
import { startPrinterFtps } from './ftps.js';
import { BambuPanel, gcodeState } from './panel.js';
import { BAMBU_MODELS, productNameOf, type BambuModelKey } from './models.js';
import { fullReport, reportDelta } from './report.js';

export interface VirtualBambuOptions extends SimulatorOptions {
  /** The 8-character LAN access code (Settings → WLAN on the printer's screen). */
  accessCode?: string;
  /** MQTT over TLS (the printer: 8883); default any free port */
  mqttPort?: number;
  /** implicit FTPS (the printer: 990); default any free port */
  ftpsPort?: number;
  /** `delta`: P1/A1 send only changed fields; `full`: X1 sends everything (reference §1.5) */
  reports?: 'delta' | 'full';
  /** real ms between pushes while anything changes (the printer: about 1 s) */
  pushIntervalMs?: number;
  /** simulated seconds of PREPARE before a print runs */
  prepareSeconds?: number;
  /** MQTT clients the broker takes at once (P1: about 4) */
  maxClients?: number;
  /** the JPEG camera (A1/P1: TLS on 6000); default any free port */
  cameraPort?: number;
  /** real ms between camera frames (the printer: 1–2 s) */
  frameIntervalMs?: number;
  /** the model: its camera, AMS, nozzles and report style (models.ts); default P1S */
  model?: BambuModelKey;
  /** `product_name` in `info.get_version` (default: the model's); an X1, P2S or H2 streams RTSPS */
  productName?: string;
  /** "LAN Only Liveview" on the printer's screen (default: the model's; H2 off) */
  isLiveviewOn?: boolean;
  /** the X1/P2S/H2 camera, RTSPS (the printer: 322); default any free port */
  rtspsPort?: number;
  /** the ffmpeg that encodes the RTSPS camera's H.264 clip once; default the shipped one */
  ffmpegPath?: string;
  /** announce the printer (SSDP NOTIFY) to this UDP port on 127.0.0.1; default: silent */
  announce?: AnnounceOptions;
  /** told of each report as it leaves the printer (benches time the rest of the way) */
  onReport?: (message: Record<string, unknown>) => void;
}

export interface VirtualBambu extends Simulator<BambuFaults> {
  host: string;
  mqttPort: number;
  ftpsPort: number;
  cameraPort: number;
  /** the RTSPS camera's port; null on a P1/A1, which has none */
  rtspsPort: number | null;
  serial: string;
  accessCode: string;
  panel: BambuPanel;
  /** the request messages received, newest last (for tests) */
  requests: Array<Record<string, unknown>>;
  /** FTPS data connections that resumed the control connection's TLS session */
  reusedFtpsSessions(): number;
  connectedMqttClients(): number;
  /** viewers connected to the RTSPS camera (0 without one) */
  rtspsSessions(): number;
}

/** X1, P2S and H2 stream their camera over RTSPS on 322 (OpenBambuAPI `video.md`). */
const hasRtspsCamera = (productName: string) => /\b(X1|P2S|H2[DS])/.test(productName);

/** The model a `product_name` names (the X1 tests give only the name); P1S when none. */
function modelOf(options: VirtualBambuOptions): BambuModelKey {
  if (options.model) return options.model;
  const keys = Object.keys(BAMBU_MODELS) as BambuModelKey[];
  return keys.find((key) => productNameOf(key) === options.productName) ?? 'P1S';
}

/** A Bambu Lab P1S in LAN-only developer mode: reports about once a second while busy. */
const P1S: PrinterOptions = {
  name: 'Virtual Bambu Lab P1S',
  firmware: 'marlin',
  transitions: { starting: 0.5, pausing: 1, resuming: 0.5, cancelling: 1, finishing: 1 },
  historySampleSeconds: 1,
  historySize: 60,
};

/**
 * A Bambu Lab printer on the LAN: the MQTT broker (TLS, `bblp` + access code) with the
 * firmware's reports and commands, and the implicit-FTPS card (reference §1; OpenBambuAPI
 * `mqtt.md`, `ftp.md`). Reports are deltas as a P1S sends them, or whole as an X1 does.
 */
export async function startVirtualBambu(options: VirtualBambuOptions = {}): Promise<VirtualBambu> {
  const host = options.host ?? '127.0.0.1';
  const accessCode = options.accessCode ?? '12345678';
  const serial = CERTIFICATE_SERIAL;
  const model = BAMBU_MODELS[modelOf(options)];
  const productName = options.productName ?? productNameOf(modelOf(options));
  const printer = createPrinter(options, { ...P1S, name: `Virtual ${productName}` });
  const panel = new BambuPanel();
  panel.hasAms = model.ams !== 'none';
  if (model.nozzles === 2) panel.leftNozzle = { temperature: 21.3, target: 0 };
  const requests: Array<Record<string, unknown>> = [];
  let isSilent = false;
  let last: Record<string, unknown> | null = null;
  let sequence = 0;
  const certificate = printerCertificate();
  printer.events.on('job', (event) => {
    if (event.kind === 'cancelled') markCancelled(printer, panel);
  });

  const ctx: BambuContext = {
    printer,
    panel,
    serial,
    productName,
    firmware: '01.08.02.00',
    prepareSeconds: options.prepareSeconds ?? 3,
    publish: (message) => {
      if (isSilent) return;
      broker.publishReport(message);
      options.onReport?.(message);
    },
    pushAll: (sequenceId) => {
      last = fullReport(printer, panel);
      ctx.publish({ print: { ...last, command: 'push_status', msg: 0, sequence_id: sequenceId } });
    },
  };
  const broker = await startPrinterBroker({
    host,
    port: options.mqttPort ?? 0,
    serial,
    accessCode,
    certificate,
    maxClients: options.maxClients ?? 4,
    onRequest: (payload) => {
      try {
        const parsed: unknown = JSON.parse(payload.toString('utf8'));
        if (parsed && typeof parsed === 'object') requests.push(parsed as Record<string, unknown>);
      } catch {
        // the firmware ignores what is not JSON
      }
      handleRequest(ctx, payload);
    },
  });
  const ftps = await startPrinterFtps({
    host,
    port: options.ftpsPort ?? 0,
    accessCode,
    certificate,
    printer,
    panel,
    maxUploadBytes: options.maxUploadBytes ?? 256 * 1024 * 1024,
  });

  const lights = () => {
    const on = panel.lights.chamber_light !== 'off' ? 1 : 0;
    return { red: on, green: on, blue: on, white: on };
  };
  const camera = new Camera(() => ({
    name: printer.name,
    state: gcodeState(printer, panel),
    extruder: printer.extruder,
    bed: printer.bed,
    progress: printer.job.file && printer.job.isActive ? printer.job.progress : null,
    head: printer.job.isActive ? headAcrossBed(printer.job.progress) : null,
    fileName: panel.task?.gcodeFile ?? null,
    lights: lights(),
  }));
  const cameraStream = await startCameraStream({
    host,
    port: options.cameraPort ?? 0,
    accessCode,
    certificate,
    camera,
    frameIntervalMs: options.frameIntervalMs ?? 1000,
  });

  const rtsps: RtspsServer | null = hasRtspsCamera(productName)
    ? await startRtspsServer({
        host,
        port: options.rtspsPort ?? 0,
        accessCode,
        certificate,
        clip: await sharedClip(options.ffmpegPath ?? resolveShippedFfmpeg()),
      })
    : null;
  /** "LAN Only Liveview": the RTSPS camera served, its address in `ipcam.rtsp_url` (§1.13) */
  const setLiveview = (isOn: boolean) => {
    if (!rtsps) return;
    panel.rtspUrl = isOn ? `rtsps://${host}:${rtsps.port}/streaming/live/1` : 'disable';
    rtsps.setRefusing(!isOn);
  };
  setLiveview(options.isLiveviewOn ?? model.isLiveviewOnAtFirst);

  const push = () => {
    printer.update();
    const full = fullReport(printer, panel);
    const delta = (options.reports ?? model.reports) === 'full' ? full : reportDelta(last, full);
    if (last && JSON.stringify(last) === JSON.stringify(full)) return;
    last = full;
    sequence++;
    ctx.publish({
      print: { ...delta, command: 'push_status', msg: 1, sequence_id: String(sequence) },
    });
  };
  const announcer = options.announce
    ? startAnnouncer(options.announce, () =>
        bambuAnnouncement({ address: host, serial, modelId: 'C12', name: printer.name }),
      )
    : null;
  const tick = setInterval(() => printer.update(), options.tickMs ?? 100);
  const pushTimer = setInterval(push, options.pushIntervalMs ?? 1000);

  return {
    url: `mqtts://${host}:${broker.port}`,
    port: broker.port,
    host,
    mqttPort: broker.port,
    ftpsPort: ftps.port,
    cameraPort: cameraStream.port,
    rtspsPort: rtsps?.port ?? null,
    serial,
    accessCode,
    printer,
    panel,
    requests,
    faults: new BambuFaults({
      printer,
      panel,
      broker,
      ftps,
      cameraStream,
      rtsps,
      setSilent: (silent) => (isSilent = silent),
      setLiveview,
      isLiveviewOn: () => panel.rtspUrl !== 'disable',
    }),
    reusedFtpsSessions: () => ftps.reusedSessions(),
    connectedMqttClients: () => broker.connectedClients(),
    rtspsSessions: () => rtsps?.openSessions() ?? 0,
    close: async () => {
      clearInterval(tick);
      clearInterval(pushTimer);
      await Promise.all([
        broker.close(),
        ftps.close(),
        cameraStream.close(),
        rtsps?.close(),
        announcer?.close(),
      ]);
    },
  };
}
