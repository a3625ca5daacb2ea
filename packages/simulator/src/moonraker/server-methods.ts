import { randomUUID } from 'node:crypto';
import { round } from '../printer-model/heater.js';
import { sameSecret } from '../octoprint/auth.js';
import type { MoonrakerContext } from './context.js';
import { serverEndpoint, type MethodDef } from './methods.js';
import { INVALID_PARAMS, optionalNumber, RpcError } from './rpc-error.js';

export const MOONRAKER_VERSION = 'v0.9.3-85-gd5ee171';
export const SNAPSHOT_PATH = '/webcam/?action=snapshot';
export const STREAM_PATH = '/webcam/?action=stream';
const WEBCAM_UID = randomUUID();

/** Moonraker's own endpoints: server info, identify, console history, temperatures, webcams. */
export function serverMethods(): MethodDef[] {
  return [
    serverEndpoint('server.info', 'GET', (ctx) => ({
      klippy_connected: ctx.klippy.isConnected,
      klippy_state: ctx.klippy.state,
      components: [
        'database',
        'file_manager',
        'klippy_apis',
        'machine',
        'data_store',
        'history',
        'webcam',
        ...(ctx.power.isConfigured ? ['power'] : []),
      ],
      failed_components: [],
      registered_directories: ['config', 'logs', 'gcodes'],
      warnings: [],
      websocket_count: ctx.websocketCount(),
      moonraker_version: MOONRAKER_VERSION,
      missing_klippy_requirements: [],
      api_version: [1, 5, 0],
      api_version_string: '1.5.0',
    })),
    {
      name: 'server.connection.identify',
      http: [],
      handler: (ctx, { args, connection }) => {
        if (!connection) throw new RpcError(400, 'No connection associated with request');
        for (const field of ['client_name', 'version', 'type', 'url']) {
          if (typeof args[field] !== 'string') {
            throw new RpcError(400, `No data for argument: ${field}`);
          }
        }
        const key = args.api_key;
        if (ctx.settings.apiKey !== null && typeof key === 'string') {
          if (!sameSecret(key, ctx.settings.apiKey))
            throw new RpcError(INVALID_PARAMS, 'Unauthorized');
          connection.authenticated = true;
        }
        if (connection.identified) throw new RpcError(400, 'Connection already identified');
        // one connection per agent name: moonraker/components/extensions.py `register_agent`
        if (args.type === 'agent') {
          const name = args.client_name as string;
          if (ctx.agents.has(name)) {
            throw new RpcError(400, `Agent '${name}' already registered and connected'`);
          }
          ctx.agents.set(name, connection);
        }
        connection.identified = true;
        return { connection_id: connection.id };
      },
    },
    serverEndpoint('server.gcode_store', 'GET', (ctx, { args }) => ({
      gcode_store: ctx.store.latest(Math.floor(optionalNumber(args, 'count', 100))),
    })),
    serverEndpoint('server.temperature_store', 'GET', (ctx) => temperatureStore(ctx)),
    serverEndpoint('server.webcams.list', 'GET', (ctx) => ({
      webcams: ctx.camera ? [webcam()] : [],
    })),
    serverEndpoint('server.webcams.test', 'POST', (ctx, { args }) => {
      const wanted = args.uid ?? args.name;
      if (!ctx.camera || (wanted !== WEBCAM_UID && wanted !== 'cam')) {
        throw new RpcError(404, `Webcam not found: ${String(wanted)}`);
      }
      return {
        name: 'cam',
        snapshot_reachable: true,
        snapshot_url: `${ctx.baseUrl()}${SNAPSHOT_PATH}`,
        stream_url: `${ctx.baseUrl()}${STREAM_PATH}`,
      };
    }),
  ];
}

/** URLs are relative to the web host (nginx on port 80); this simulator serves them itself. */
function webcam(): Record<string, unknown> {
  return {
    name: 'cam',
    location: 'printer',
    service: 'mjpegstreamer-adaptive',
    enabled: true,
    icon: 'mdiWebcam',
    target_fps: 15,
    target_fps_idle: 5,
    stream_url: STREAM_PATH,
    snapshot_url: SNAPSHOT_PATH,
    flip_horizontal: false,
    flip_vertical: false,
    rotation: 0,
    aspect_ratio: '4:3',
    extra_data: {},
    source: 'database',
    uid: WEBCAM_UID,
  };
}

function temperatureStore(ctx: MoonrakerContext): Record<string, unknown> {
  const samples = ctx.printer.history.all();
  const series = (
    pick: (s: (typeof samples)[number]) => { temperature: number; target: number; power: number },
  ) => ({
    temperatures: samples.map((s) => round(pick(s).temperature)),
    targets: samples.map((s) => pick(s).target),
    powers: samples.map((s) => pick(s).power),
  });
  return { extruder: series((s) => s.extruder), heater_bed: series((s) => s.bed) };
}
