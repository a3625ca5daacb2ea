import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { afterEach, describe, expect, it } from 'vitest';
import type { Driver } from '../drivers/driver.js';
import type { Logger } from '../log.js';
import { PrintFiles } from './print-file.js';

const GCODE = Buffer.from('G28\nG1 X10 Y10 F3000\n');
const SHA256 = createHash('sha256').update(GCODE).digest('hex');

/** A real HTTP server serving the print file, as the Printdeck server does at its signed path. */
async function serveFile(): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    response.writeHead(200, { 'content-length': GCODE.length });
    response.end(GCODE);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}`, asked };
}

/** The printer's side of the interface: ready, and keeps what it is handed. */
function readyPrinter(stored: string[]): Driver {
  return {
    kind: 'octoprint',
    getState: () => ({ is_paired: true, state: { text: 'Operational', flags: { ready: true } } }),
    storeFile: async (file: { diskPath: string; fileName: string }) => {
      stored.push((await readFile(file.diskPath)).toString());
      return { path: file.fileName, started: true };
    },
  } as unknown as Driver;
}

function capturingLogger(lines: Array<{ message: string; fields?: Record<string, unknown> }>) {
  const keep = (message: string, fields?: Record<string, unknown>) =>
    lines.push({ message, ...(fields ? { fields } : {}) });
  return { debug: keep, info: keep, warn: keep, error: keep } satisfies Logger;
}

describe('PrintFiles: a print file sent as a path', () => {
  let server: Server | null = null;
  afterEach(() => server?.close());

  // issue 30: the agent logged "<invalid url>" on every print, the server sending a path
  it('downloads it from the server the agent dialled and logs that address without the token', async () => {
    const served = await serveFile();
    server = served.server;
    const lines: Array<{ message: string; fields?: Record<string, unknown> }> = [];
    const stored: string[] = [];
    const files = new PrintFiles({
      driver: readyPrinter(stored),
      dir: tmpdir(),
      serverUrl: served.url,
      log: capturingLogger(lines),
      onDownload: () => {},
    });

    const result = await files.print(
      {
        name: 'print_file',
        url: '/api/device/files/7/?token=secret-token',
        file_name: 'cube.gcode',
        size: GCODE.length,
        sha256: SHA256,
        print: true,
        job_id: 7,
      },
      new AbortController().signal,
    );

    expect(result).toEqual({ path: 'cube.gcode', started: true });
    expect(served.asked).toEqual(['/api/device/files/7/?token=secret-token']);
    expect(stored).toEqual([GCODE.toString()]);
    const download = lines.find((line) => line.message === 'downloading a print file');
    expect(download?.fields).toEqual({ job_id: 7, url: `${served.url}/api/device/files/7/` });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});
