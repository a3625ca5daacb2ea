import type { StoredFile } from '../printer-model/files.js';
import { round } from '../printer-model/heater.js';
import type { MoonrakerContext } from './context.js';
import { serverEndpoint, type MethodDef } from './methods.js';
import { RpcError, requireString } from './rpc-error.js';

/** Only these are listed in the `gcodes` root (reference B.3.6). */
const GCODE_EXTENSIONS = /\.(gcode|g|gco|ufp|nc)$/i;

export function fileItem(file: StoredFile): Record<string, unknown> {
  return {
    path: file.path,
    modified: round(file.modified / 1000, 3),
    size: file.size,
    permissions: 'rw',
  };
}

/** `server.files.list`, `server.files.metadata`, `server.files.delete_file`. */
export function filesMethods(): MethodDef[] {
  return [
    serverEndpoint('server.files.list', 'GET', (ctx, { args }) => {
      const root = args.root ?? 'gcodes';
      if (root === 'config') return [];
      if (root !== 'gcodes') throw new RpcError(400, `Invalid root request: ${String(root)}`);
      return ctx.printer.files
        .list()
        .filter((file) => GCODE_EXTENSIONS.test(file.path))
        .map(fileItem);
    }),
    serverEndpoint('server.files.metadata', 'GET', (ctx, { args }) => {
      const filename = requireString(args, 'filename');
      const file = ctx.printer.files.get(filename);
      if (!file) throw new RpcError(404, `Metadata not available for <${filename}>`);
      return metadata(file);
    }),
    {
      name: 'server.files.delete_file',
      http: [],
      handler: (ctx, { args }) => deleteFile(ctx, requireString(args, 'path')),
    },
  ];
}

/** `gcodes/<path>` as `delete_file` and `DELETE /server/files/gcodes/<path>` take it. */
export function deleteFile(ctx: MoonrakerContext, rootedPath: string): Record<string, unknown> {
  const match = /^\/?gcodes\/(.+)$/.exec(rootedPath);
  if (!match) throw new RpcError(400, `Invalid root in path: ${rootedPath}`);
  const path = match[1] as string;
  const { files, job } = ctx.printer;
  const file = files.get(path);
  if (!file) throw new RpcError(404, `File ${path} does not exist`);
  if (job.isActive && job.file?.path === file.path)
    throw new RpcError(403, 'File currently in use');
  files.delete(file.path);
  const item = { path: file.path, root: 'gcodes', size: 0, modified: 0, permissions: '' };
  ctx.notify('notify_filelist_changed', [{ action: 'delete_file', item }]);
  return { item, action: 'delete_file' };
}

function metadata(file: StoredFile): Record<string, unknown> {
  const meta = file.metadata;
  const last = file.prints.last;
  return {
    size: file.size,
    modified: round(file.modified / 1000, 3),
    uuid: file.sha256.slice(0, 32),
    slicer: meta.slicer ?? undefined,
    estimated_time: meta.estimatedSeconds ?? undefined,
    filament_total: meta.filamentMm ?? undefined,
    layer_height: meta.layerHeight ?? undefined,
    object_height: meta.objectHeight ?? undefined,
    first_layer_extr_temp: meta.firstLayerExtruderTemp ?? undefined,
    first_layer_bed_temp: meta.firstLayerBedTemp ?? undefined,
    thumbnails: [],
    print_start_time: last ? round((last.date - last.printSeconds * 1000) / 1000, 3) : null,
    job_id: null,
    filename: file.path,
    gcode_start_byte: 0,
    gcode_end_byte: file.size,
  };
}
