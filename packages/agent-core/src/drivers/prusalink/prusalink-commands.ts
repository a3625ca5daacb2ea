import { readFile } from 'node:fs/promises';
import type { PrintFileResult } from '@printdeck/shared';
import { CommandFailed, notSupported, type DriverCommand, type LocalPrintFile } from '../driver.js';
import { asRecord, HostHttpError } from '../host-http.js';
import { printerFileName } from '../host-files.js';
import { PRUSALINK, type PrusaLinkApi } from './prusalink-api.js';

/** Buddy's one storage, the USB drive (reference §3.1). */
export const STORAGE = 'usb';

const encodePath = (path: string) => path.split('/').map(encodeURIComponent).join('/');

/** The printer's answer as the error the server understands. */
export function prusaLinkFailure(error: unknown): unknown {
  if (!(error instanceof HostHttpError) || error instanceof CommandFailed) return error;
  const words = `${PRUSALINK}: ${error.message}`;
  if (error.status === 401 || error.status === 403) {
    return new CommandFailed('permission-denied', error.message);
  }
  if (error.status === 409) return new CommandFailed('wrong-state', words);
  if (error.status === 404) return new CommandFailed('invalid-command', words);
  if (error.status === 415 || error.status === 422 || error.status === 400) {
    return new CommandFailed('invalid-command', words);
  }
  if (error.status === 507) return new CommandFailed('busy', words);
  return new CommandFailed('internal', words);
}

/** The running job's id, read right before a command: a stale id gives 404 (reference §3.8). */
async function currentJobId(api: PrusaLinkApi, signal: AbortSignal): Promise<number> {
  const status = asRecord(await api.getJson('api/v1/status', signal));
  const id = asRecord(status.job).id;
  if (typeof id !== 'number') throw new CommandFailed('wrong-state', 'No print is running.');
  return id;
}

/**
 * Pause, resume, stop (`PUT /api/v1/job/{id}/pause|resume`, `DELETE /api/v1/job/{id}`),
 * start a stored file (`POST /api/v1/files/usb/{path}`) and list files (Prusa-Link-Web
 * `spec/openapi.yaml`). PrusaLink has no console, no jog and no temperature endpoint in v1.
 */
export async function runPrusaLinkCommand(
  api: PrusaLinkApi,
  command: DriverCommand,
  signal: AbortSignal,
): Promise<unknown> {
  try {
    switch (command.name) {
      case 'pause':
      case 'resume': {
        const id = await currentJobId(api, signal);
        await api.request({ method: 'PUT', path: `api/v1/job/${id}/${command.name}`, signal });
        return null;
      }
      case 'cancel': {
        const id = await currentJobId(api, signal);
        await api.request({ method: 'DELETE', path: `api/v1/job/${id}`, signal });
        return null;
      }
      case 'start_local_file':
        await api.request({
          method: 'POST',
          path: `api/v1/files/${STORAGE}/${encodePath(command.path)}`,
          signal,
        });
        return null;
      case 'list_files': {
        const folder = asRecord(await api.getJson(`api/v1/files/${STORAGE}`, signal));
        return listFiles(folder.children, '');
      }
      default:
        throw notSupported(command.name);
    }
  } catch (error) {
    throw prusaLinkFailure(error);
  }
}

function listFiles(
  children: unknown,
  folder: string,
): Array<{ path: string; size: number | null }> {
  if (!Array.isArray(children)) return [];
  return children.flatMap((child) => {
    const entry = asRecord(child);
    const name = typeof entry.display_name === 'string' ? entry.display_name : entry.name;
    if (typeof name !== 'string') return [];
    const path = folder ? `${folder}/${name}` : name;
    if (entry.type === 'FOLDER') return listFiles(entry.children, path);
    return entry.type === 'PRINT_FILE'
      ? [{ path, size: typeof entry.size === 'number' ? entry.size : null }]
      : [];
  });
}

/**
 * `PUT /api/v1/files/usb/{name}` with `Overwrite: ?1` and `Print-After-Upload` (reference §3.6;
 * Buddy `gcode_upload.cpp`): always `?1`/`?0`, the length up front, no chunks. A printer that
 * is not ready answers 409 but keeps the file: the start fails with its words.
 * The timeout follows the size at a pessimistic 50 kB/s, never under 2 minutes.
 */
export async function uploadToPrusaLink(
  api: PrusaLinkApi,
  file: LocalPrintFile,
  signal: AbortSignal,
): Promise<PrintFileResult> {
  const name = printerFileName(file.fileName);
  const body = await readFile(file.diskPath);
  try {
    await api.request({
      method: 'PUT',
      path: `api/v1/files/${STORAGE}/${encodePath(name)}`,
      body,
      headers: {
        'content-type': 'application/octet-stream',
        overwrite: '?1',
        'print-after-upload': file.print ? '?1' : '?0',
      },
      timeoutMs: Math.max(120_000, (body.length / 50_000) * 1000),
      signal,
    });
  } catch (error) {
    if (error instanceof HostHttpError && error.status === 409 && file.print) {
      throw new CommandFailed(
        'not-operational',
        `${PRUSALINK} stored ${name} but did not start it: ${error.message}`,
      );
    }
    throw prusaLinkFailure(error);
  }
  return { path: name, started: file.print };
}
