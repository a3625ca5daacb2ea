import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVirtualMoonraker,
  startVirtualOctoPrint,
  type VirtualMoonraker,
  type VirtualOctoPrint,
} from '@printdeck/simulator';
import {
  eventually,
  sha256,
  slicedGcode,
  startFileServer,
  startTestDriver,
} from '../../test-support/drivers.js';
import { openArrivingFile } from '../files/download.js';
import type { Driver } from './driver.js';
import { multipartUpload, UPLOAD_CHUNK_BYTES } from './host-files.js';
import { requestHost } from './host-http.js';

/** What a plain HTTP server received: the headers and the whole body. */
interface Received {
  headers: IncomingHttpHeaders;
  body: Buffer;
}

let dir: string;
let server: Server;
let url: string;
const received: Received[] = [];

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'printdeck-upload-test-'));
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks) });
      res.end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A file of `size` bytes that differ from chunk to chunk (a misplaced chunk shows). */
async function writeTestFile(name: string, size: number): Promise<{ path: string; data: Buffer }> {
  const data = Buffer.alloc(size);
  for (let i = 0; i < size; i++) data[i] = (i * 31 + Math.floor(i / 4096)) % 251;
  const path = join(dir, name);
  await writeFile(path, data);
  return { path, data };
}

/** The boundary of a multipart content type. */
const boundaryOf = (headers: IncomingHttpHeaders) =>
  /boundary=(.+)$/.exec(headers['content-type'] ?? '')![1]!;

/** File descriptors this process holds open. */
const openFiles = () => readdirSync('/proc/self/fd').length;

describe('multipartUpload', () => {
  it('sends the bytes fetch sends for the same FormData, with its length and not chunked', async () => {
    const { path, data } = await writeTestFile('form.gcode', 2 * UPLOAD_CHUNK_BYTES + 12_345);
    // a name with what FormData escapes (quote, line feed) and bytes beyond ASCII
    const fileName = 'Plate "1"\nbé.gcode';
    const fields = { root: 'gcodes', print: 'true', note: 'two\nlines' };

    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(data)]), fileName);
    await fetch(url, { method: 'POST', body: form });
    const upload = await multipartUpload(
      { diskPath: path, fileName, sha256: '', print: true },
      fields,
    );
    try {
      await requestHost(
        { baseUrl: url, name: 'test', headers: {} },
        { path: '/', upload, timeoutMs: 10_000 },
      );
    } finally {
      await upload.close();
    }

    const [byFetch, ours] = received.slice(-2) as [Received, Received];
    expect(ours.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(ours.headers['transfer-encoding']).toBeUndefined();
    expect(Number(ours.headers['content-length'])).toBe(ours.body.length);
    expect(upload.length).toBe(ours.body.length);
    const normalized = (r: Received) =>
      r.body.toString('latin1').split(boundaryOf(r.headers)).join('BOUNDARY');
    expect(normalized(ours)).toBe(normalized(byFetch));
  });

  it('closing lets go of the file, whether the host was reached or not', async () => {
    const { path } = await writeTestFile('closed.gcode', UPLOAD_CHUNK_BYTES + 1);
    const before = openFiles();
    const refused = await multipartUpload(
      { diskPath: path, fileName: 'a.gcode', sha256: '', print: false },
      {},
    );
    await expect(
      requestHost(
        { baseUrl: 'http://127.0.0.1:1', name: 'nobody', headers: {} },
        { path: '/', upload: refused, timeoutMs: 5000 },
      ),
    ).rejects.toThrow(/does not answer/);
    await refused.close();
    await refused.close();
    const sent = await multipartUpload(
      { diskPath: path, fileName: 'b.gcode', sha256: '', print: false },
      {},
    );
    await requestHost(
      { baseUrl: url, name: 'test', headers: {} },
      { path: '/', upload: sent, timeoutMs: 10_000 },
    );
    await sent.close();
    expect(openFiles()).toBe(before);
  });
});

describe('a print file stored on the printer by its driver', () => {
  let octoprint: VirtualOctoPrint;
  let moonraker: VirtualMoonraker;
  const drivers: Driver[] = [];

  beforeAll(async () => {
    octoprint = await startVirtualOctoPrint({ speed: 0, apiKey: 'KEY' });
    moonraker = await startVirtualMoonraker({ speed: 0 });
    drivers.push(startTestDriver({ kind: 'octoprint', url: octoprint.url, apiKey: 'KEY' }));
    drivers.push(startTestDriver({ kind: 'moonraker', url: moonraker.url }));
    for (const driver of drivers) {
      await eventually('ready', () => driver.getState().state.flags.ready);
    }
  });

  afterAll(async () => {
    await Promise.all(drivers.map((driver) => driver.stop()));
    await octoprint.close();
    await moonraker.close();
  });

  it.each([0, 1] as const)(
    'arrives byte for byte (driver %i: OctoPrint, then Moonraker)',
    async (index) => {
      // G-code the printer can read, padded past three chunks and not a whole chunk
      const gcode = Buffer.concat([
        slicedGcode(600),
        Buffer.alloc(3 * UPLOAD_CHUNK_BYTES + 777, ';'),
      ]);
      const path = join(dir, `stored-${index}.gcode`);
      await writeFile(path, gcode);
      const result = await drivers[index]!.storeFile(
        { diskPath: path, fileName: 'big plate.gcode', sha256: sha256(gcode), print: false },
        new AbortController().signal,
      );
      const sim = index === 0 ? octoprint : moonraker;
      const stored = sim.printer.files.get(result.path);
      expect(stored?.size).toBe(gcode.length);
      expect(stored?.content.equals(gcode)).toBe(true);
    },
  );

  // issue 31: the upload runs beside the download; its end goes only for bytes that matched
  it.each([0, 1] as const)(
    'uploaded as it downloads: byte for byte, and a file that does not match or is cut is neither stored nor printed (driver %i)',
    async (index) => {
      const gcode = Buffer.concat([
        slicedGcode(600),
        Buffer.alloc(3 * UPLOAD_CHUNK_BYTES + 777, ';'),
      ]);
      const files = await startFileServer({ 'plate.gcode': gcode }, { pieces: 6, delayMs: 5 });
      const sim = index === 0 ? octoprint : moonraker;
      const signal = new AbortController().signal;
      const upload = async (fileName: string, announced: { size: number; sha256: string }) => {
        const arriving = await openArrivingFile({
          url: files.url('plate.gcode'),
          ...announced,
          signal,
          onProgress: () => {},
        });
        try {
          return await drivers[index]!.storeArrivingFile!(
            { fileName, sha256: announced.sha256, print: true, content: arriving.content },
            signal,
          );
        } finally {
          arriving.cancel();
        }
      };
      try {
        const other = sha256(Buffer.from('other bytes'));
        await expect(
          upload('mismatch.gcode', { size: gcode.length, sha256: other }),
        ).rejects.toMatchObject({ code: 'checksum-mismatch' });
        // more bytes announced than served: the download ends short, so does the upload
        await expect(
          upload('cut.gcode', { size: gcode.length + 10, sha256: sha256(gcode) }),
        ).rejects.toMatchObject({ code: 'download-failed' });
        const result = await upload('good.gcode', { size: gcode.length, sha256: sha256(gcode) });
        // the host answers in order: the cut uploads before this one were dropped, not pending
        expect(sim.printer.files.get(result.path)?.content.equals(gcode)).toBe(true);
        expect(sim.printer.files.get('mismatch.gcode')).toBeUndefined();
        expect(sim.printer.files.get('cut.gcode')).toBeUndefined();
        expect(sim.printer.job.file?.path).toBe(result.path);
      } finally {
        sim.printer.jobs.cancel();
        await files.close();
      }
    },
  );
});
