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

/**
 * A real HTTP server serving the print file, as the Printdeck server does at its signed path
 * (or an object store at a presigned one); `status` other than 200 refuses, `body` serves
 * other bytes.
 */
async function serveFile(
  answer: { status?: number; body?: Buffer } = {},
): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((request, response) => {
    asked.push(request.url ?? '');
    const body = answer.status && answer.status !== 200 ? Buffer.from('AccessDenied') : GCODE;
    const served = answer.body ?? body;
    response.writeHead(answer.status ?? 200, { 'content-length': served.length });
    response.end(served);
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
    expect(download?.fields).toEqual({
      job_id: 7,
      from: 'server',
      url: `${served.url}/api/device/files/7/`,
    });
    expect(JSON.stringify(lines)).not.toContain('secret-token');
  });
});

/** Issue 28: on S3 storage the server sends a presigned link to the store, its own as fallback. */
describe('PrintFiles: a print file with a link straight to the object store', () => {
  const servers: Server[] = [];
  afterEach(() => servers.splice(0).forEach((server) => server.close()));

  async function printWith(store: { status?: number; body?: Buffer }, signal?: AbortSignal) {
    const [printdeck, bucket] = [await serveFile(), await serveFile(store)];
    servers.push(printdeck.server, bucket.server);
    const lines: Array<{ message: string; fields?: Record<string, unknown> }> = [];
    const stored: string[] = [];
    const files = new PrintFiles({
      driver: readyPrinter(stored),
      dir: tmpdir(),
      serverUrl: printdeck.url,
      log: capturingLogger(lines),
      onDownload: () => {},
    });
    const printing = files.print(
      {
        name: 'print_file',
        url: '/api/files/7/content/?token=secret-token',
        direct_url: `${bucket.url}/bucket/files/1/cube.gcode?X-Amz-Signature=store-secret`,
        file_name: 'cube.gcode',
        size: GCODE.length,
        sha256: SHA256,
        print: true,
        job_id: 7,
      },
      signal ?? new AbortController().signal,
    );
    return { printing, printdeck, bucket, lines, stored };
  }

  it('downloads from the store and never asks the server; the log keeps neither secret', async () => {
    const { printing, printdeck, bucket, lines, stored } = await printWith({});
    expect(await printing).toEqual({ path: 'cube.gcode', started: true });
    expect(bucket.asked).toEqual(['/bucket/files/1/cube.gcode?X-Amz-Signature=store-secret']);
    expect(printdeck.asked).toEqual([]);
    expect(stored).toEqual([GCODE.toString()]);
    const download = lines.find((line) => line.message === 'downloading a print file');
    expect(download?.fields).toEqual({
      job_id: 7,
      from: 'object store',
      url: `${bucket.url}/bucket/files/1/cube.gcode`,
    });
    expect(JSON.stringify(lines)).not.toContain('store-secret');
  });

  it('an expired or refused store link: downloads through the server, with the same checks', async () => {
    const { printing, printdeck, bucket, lines, stored } = await printWith({ status: 403 });
    expect(await printing).toEqual({ path: 'cube.gcode', started: true });
    expect(bucket.asked).toHaveLength(1);
    expect(printdeck.asked).toEqual(['/api/files/7/content/?token=secret-token']);
    expect(stored).toEqual([GCODE.toString()]);
    const warning = lines.find((line) => line.message.startsWith('the object store link failed'));
    expect(warning?.fields).toMatchObject({ job_id: 7, error: expect.stringMatching(/HTTP 403/) });
    expect(JSON.stringify(lines)).not.toMatch(/store-secret|secret-token/);
  });

  it('other bytes from the store are not printed: the server’s copy is fetched and checked', async () => {
    const tampered = Buffer.from(GCODE.toString().replace('X10', 'X99'));
    const { printing, printdeck, lines, stored } = await printWith({ body: tampered });
    expect(await printing).toEqual({ path: 'cube.gcode', started: true });
    expect(printdeck.asked).toHaveLength(1);
    expect(stored).toEqual([GCODE.toString()]);
    const warning = lines.find((line) => line.message.startsWith('the object store link failed'));
    expect(warning?.fields?.error).toMatch(/SHA-256/);
  });

  it('a start given up (its timeout) does not go on through the server', async () => {
    const stop = new AbortController();
    stop.abort();
    const { printing, printdeck, stored } = await printWith({}, stop.signal);
    await expect(printing).rejects.toMatchObject({ code: 'download-failed' });
    expect(printdeck.asked).toEqual([]);
    expect(stored).toEqual([]);
  });
});
