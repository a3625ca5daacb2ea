import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualOctoPrint } from '@printdeck/simulator';
import {
  presignedGet,
  startTestS3Server,
  type TestS3Server,
} from '@printdeck/server/test-support/s3-server.js';
import type { S3Settings } from '@printdeck/server/src/storage/s3-object-store.js';
import type { TestServerOptions } from '@printdeck/server/test-support/test-server.js';
import { startAgent } from './agent.js';
import { createIdentity } from './connection/identity.js';
import type { Driver } from './drivers/driver.js';
import { PrintFiles } from './files/print-file.js';
import type { Logger } from './log.js';
import { sha256, TEST_TUNING, uploadableGcode } from '../test-support/drivers.js';
import { useServerWithWorkspace } from '../test-support/server.js';

/**
 * Issue 28: with the files in an S3 store (s3rver on this machine), a print start hands the
 * agent a presigned link straight to the object; the server's own signed link is its fallback.
 */
let s3: TestS3Server;
let settings: S3Settings;
const serverOptions: TestServerOptions = {};
// before the fixture's server starts, and closed after it (hooks after the tests run in reverse)
beforeAll(async () => {
  s3 = await startTestS3Server();
  settings = await s3.createBucket('farm');
  serverOptions.env = s3.envFor(settings);
});
afterAll(async () => {
  await s3?.close();
});
const fx = useServerWithWorkspace({ server: serverOptions });

type Line = { level: string; message: string; fields?: Record<string, unknown> };

function capturingLogger(lines: Line[]): Logger {
  const keep = (level: string) => (message: string, fields?: Record<string, unknown>) =>
    lines.push({ level, message, ...(fields ? { fields } : {}) });
  return { debug: keep('debug'), info: keep('info'), warn: keep('warn'), error: keep('error') };
}

const downloadsOf = (lines: Line[]) =>
  lines.filter((line) => line.message === 'downloading a print file').map((line) => line.fields);

async function storageKeyOf(fileId: number): Promise<string> {
  const row = await fx.t.server.database.db
    .selectFrom('files')
    .select('storage_key')
    .where('id', '=', fileId)
    .executeTakeFirstOrThrow();
  return row.storage_key;
}

describe('print files on S3 storage', () => {
  it('the agent fetches the file by the store’s presigned link, never through the server', async () => {
    const sim = await startVirtualOctoPrint({ speed: 0, tickMs: 10, pushIntervalMs: 20 });
    fx.cleanups.push(() => sim.close());
    const key = (await fx.api('/api/device_keys/', { method: 'POST' })).body.token as string;
    const lines: Line[] = [];
    const agent = startAgent({
      serverUrl: fx.t.baseUrl,
      deviceKey: key,
      identity: createIdentity(),
      log: capturingLogger(lines),
      printer: { kind: 'octoprint', url: sim.url, apiKey: sim.apiKey },
      tuning: TEST_TUNING,
      localIpAddress: '192.168.7.30',
    });
    fx.cleanups.push(() => agent.stop());
    const added = await fx.api('/api/printers/', {
      method: 'POST',
      body: { group: fx.workspace, name: 'On S3', token: key },
    });
    expect(added.status, added.text).toBe(201);
    const printerId = added.body.id as number;
    await fx.waitForPrinterState(printerId, 'READY_TO_PRINT');

    const bytes = uploadableGcode(120);
    const fileId = await fx.uploadGcode(bytes, 'from-the-bucket.gcode');
    await fx.startPrint(sim.printer, printerId, { fileId });
    const onPrinter = sim.printer.files.get('from-the-bucket.gcode');
    expect(sha256(onPrinter!.content)).toBe(sha256(bytes));

    // one download, from the store, of the object itself; no fallback
    const storageKey = await storageKeyOf(fileId);
    expect(downloadsOf(lines)).toEqual([
      {
        job_id: expect.any(Number),
        from: 'object store',
        url: `${s3.endpoint}/${settings.bucket}/farm/${storageKey}`,
      },
    ]);
    expect(lines.filter((line) => line.level === 'warn')).toEqual([]);
  });

  it('an expired store link: the file comes through the server’s link, checked the same', async () => {
    const bytes = uploadableGcode(60);
    const fileId = await fx.uploadGcode(bytes, 'expired-link.gcode');
    const storageKey = await storageKeyOf(fileId);
    const expired = await presignedGet(settings, storageKey, {
      expiresIn: 60,
      signedSecondsAgo: 3600,
    });
    // the store itself refuses it
    expect((await fetch(expired)).status).toBe(403);
    const link = await fx.api(`/api/groups/${fx.workspace}/files/${fileId}/download-link/`);
    expect(link.status).toBe(200);

    const lines: Line[] = [];
    const stored: Buffer[] = [];
    const files = new PrintFiles({
      driver: keepingDriver(stored),
      dir: tmpdir(),
      serverUrl: fx.t.baseUrl,
      log: capturingLogger(lines),
      onDownload: () => {},
    });
    const result = await files.print(
      {
        name: 'print_file',
        url: link.body.url as string,
        direct_url: expired,
        file_name: 'expired-link.gcode',
        size: bytes.length,
        sha256: sha256(bytes),
        print: true,
        job_id: 1,
      },
      new AbortController().signal,
    );
    expect(result).toEqual({ path: 'expired-link.gcode', started: true });
    expect(stored.map((file) => sha256(file))).toEqual([sha256(bytes)]);
    expect(downloadsOf(lines).map((fields) => fields?.from)).toEqual(['object store', 'server']);
    const warning = lines.find((line) => line.level === 'warn');
    expect(warning?.fields?.error).toMatch(/HTTP 403/);
  });
});

/** A ready printer that keeps the bytes it is handed. */
function keepingDriver(stored: Buffer[]): Driver {
  return {
    kind: 'octoprint',
    getState: () => ({ is_paired: true, state: { text: 'Operational', flags: { ready: true } } }),
    storeFile: async (file: { diskPath: string; fileName: string }) => {
      stored.push(await readFile(file.diskPath));
      return { path: file.fileName, started: true };
    },
  } as unknown as Driver;
}
