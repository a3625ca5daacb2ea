import type { MoonrakerContext } from './context.js';
import type { MethodDef } from './methods.js';
import { methodNotFound, requireString, RpcError } from './rpc-error.js';

const DEVICE_PATH = '/machine/device_power/device';

/** `machine.device_power.*`; without configured devices every one is "Method not found". */
export function powerMethods(): MethodDef[] {
  const def = (
    name: string,
    verb: 'GET' | 'POST',
    path: string,
    handler: MethodDef['handler'],
  ) => ({
    name,
    http: [[verb, path]] as const,
    handler: (ctx: MoonrakerContext, call: Parameters<MethodDef['handler']>[1]) => {
      if (!ctx.power.isConfigured) throw methodNotFound();
      return handler(ctx, call);
    },
  });
  /** The batch form: the argument names are the devices (`?printer&lights`, `{"printer":null}`). */
  const batch = (ctx: MoonrakerContext, names: string[], action?: 'on' | 'off') =>
    Object.fromEntries(
      names.map((name) => {
        if (ctx.power.status(name) === undefined) return [name, 'device_not_found'];
        return [name, action ? ctx.power.set(name, action) : ctx.power.status(name)];
      }),
    );
  return [
    def('machine.device_power.devices', 'GET', '/machine/device_power/devices', (ctx) => ({
      devices: ctx.power.list(),
    })),
    def('machine.device_power.get_device', 'GET', DEVICE_PATH, (ctx, { args }) => {
      const device = requireString(args, 'device');
      const status = ctx.power.status(device);
      if (!status) throw new RpcError(400, `No valid device named ${device}`);
      return { [device]: status };
    }),
    def('machine.device_power.post_device', 'POST', DEVICE_PATH, (ctx, { args }) => {
      const device = requireString(args, 'device');
      return { [device]: ctx.power.set(device, requireString(args, 'action')) };
    }),
    def('machine.device_power.status', 'GET', '/machine/device_power/status', (ctx, { args }) =>
      batch(ctx, Object.keys(args)),
    ),
    def('machine.device_power.on', 'POST', '/machine/device_power/on', (ctx, { args }) =>
      batch(ctx, Object.keys(args), 'on'),
    ),
    def('machine.device_power.off', 'POST', '/machine/device_power/off', (ctx, { args }) =>
      batch(ctx, Object.keys(args), 'off'),
    ),
  ];
}
