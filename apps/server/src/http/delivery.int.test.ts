import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildUser, type BuiltUser } from '../../test-support/factories.js';
import {
  connectFakeAgent,
  eventually,
  readyState,
  type FakeAgent,
} from '../../test-support/fake-agent.js';
import { startServerWithWorkspace, type TestServer } from '../../test-support/test-server.js';

/** What goes on the wire: compressed assets and answers, and devices-states' 304. */

let t: TestServer;
let owner: BuiltUser;
let workspaceId: number;
let agent: FakeAgent;
const webDir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-web-'));
const APP_JS = `console.log(${JSON.stringify('printdeck '.repeat(400))});\n`;
const INDEX_HTML = `<!doctype html><title>Printdeck</title>${'<!-- padding -->'.repeat(100)}`;

interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the bytes as they came, still encoded */
  bytes: Buffer;
}

/** A GET whose body is not decoded (fetch would inflate it and hide the encoding). */
function getRaw(urlPath: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${t.baseUrl}${urlPath}`, { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          bytes: Buffer.concat(chunks),
        }),
      );
    });
    request.on('error', reject);
  });
}

function decode(answer: RawAnswer): string {
  const encoding = answer.headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(answer.bytes).toString();
  if (encoding === 'gzip') return gunzipSync(answer.bytes).toString();
  return answer.bytes.toString();
}

beforeAll(async () => {
  // what `vite build` leaves: each text asset beside its .br and .gz
  mkdirSync(path.join(webDir, 'assets'));
  const asset = path.join(webDir, 'assets', 'app-1234.js');
  writeFileSync(asset, APP_JS);
  writeFileSync(`${asset}.br`, brotliCompressSync(APP_JS));
  writeFileSync(`${asset}.gz`, gzipSync(APP_JS));
  const index = path.join(webDir, 'index.html');
  writeFileSync(index, INDEX_HTML);
  writeFileSync(`${index}.br`, brotliCompressSync(INDEX_HTML));
  writeFileSync(`${index}.gz`, gzipSync(INDEX_HTML));
  ({ t, user: owner, workspaceId } = await startServerWithWorkspace({ webDir }));
  const keys: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    const key = (await t.api('/api/device_keys/', { method: 'POST', token: owner.access })).body
      .token as string;
    keys.push(key);
    const created = await t.api('/api/printers/', {
      method: 'POST',
      token: owner.access,
      body: { group: workspaceId, name: `Printer ${i}`, token: key },
    });
    expect(created.status).toBe(201);
  }
  agent = await connectFakeAgent(t.baseUrl, keys[0]!);
  await agent.hello();
  agent.send({ type: 'state', kind: 'snapshot', state: readyState() });
});
afterAll(async () => {
  agent.close();
  await t.close();
});

describe('the built app is sent pre-compressed', () => {
  it('answers brotli, gzip or plain by Accept-Encoding, with Vary', async () => {
    const br = await getRaw('/assets/app-1234.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.bytes.length).toBeLessThan(APP_JS.length / 4);
    expect(decode(br)).toBe(APP_JS);

    const gz = await getRaw('/assets/app-1234.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(decode(gz)).toBe(APP_JS);

    const plain = await getRaw('/assets/app-1234.js', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.bytes.toString()).toBe(APP_JS);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends index.html compressed for a page of the app', async () => {
    const page = await getRaw('/printers', { 'accept-encoding': 'br' });
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(decode(page)).toBe(INDEX_HTML);
  });
});

describe('API answers', () => {
  const statesPath = () => `/api/groups/${workspaceId}/devices-states/`;
  const auth = () => ({ authorization: `Bearer ${owner.access}` });

  it('compresses JSON above 1 kB and leaves small answers as they are', async () => {
    const big = await getRaw(statesPath(), { ...auth(), 'accept-encoding': 'br, gzip' });
    expect(big.status).toBe(200);
    expect(big.headers['content-encoding']).toBe('br');
    expect(big.headers.vary).toMatch(/accept-encoding/i);
    const states = JSON.parse(decode(big)) as unknown[];
    expect(states).toHaveLength(6);
    expect(decode(big).length).toBeGreaterThan(1024);
    expect(big.bytes.length).toBeLessThan(decode(big).length / 3);

    const gz = await getRaw(statesPath(), { ...auth(), 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(decode(gz))).toEqual(states);

    const small = await getRaw('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.bytes.length).toBeLessThan(1024);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('devices-states answers 304 while nothing changed, and 200 with a new ETag after a change', async () => {
    await eventually(async () => {
      const states = await t.api(statesPath(), { token: owner.access });
      expect(
        states.body.some((s: { printer_state: string }) => s.printer_state === 'READY_TO_PRINT'),
      ).toBe(true);
    });
    const first = await getRaw(statesPath(), auth());
    const etag = first.headers.etag!;
    expect(etag).toMatch(/^W\/".+"$/);
    const same = await getRaw(statesPath(), { ...auth(), 'if-none-match': etag });
    expect(same.status).toBe(304);
    expect(same.bytes.length).toBe(0);
    expect(same.headers.etag).toBe(etag);

    agent.send({
      type: 'state',
      kind: 'snapshot',
      state: readyState({
        temperature: { tool0: { actual: 200, target: 210 }, bed: { actual: 60, target: 60 } },
      }),
    });
    await eventually(async () => {
      const changed = await getRaw(statesPath(), { ...auth(), 'if-none-match': etag });
      expect(changed.status).toBe(200);
      expect(changed.headers.etag).not.toBe(etag);
      expect(decode(changed)).toContain('210');
    });
  });

  it('an ETag never answers another user: a stranger is refused before any 304', async () => {
    const first = await getRaw(statesPath(), auth());
    const stranger = await buildUser(t);
    const theirs = await getRaw(statesPath(), {
      authorization: `Bearer ${stranger.access}`,
      'if-none-match': first.headers.etag!,
    });
    expect(theirs.status).toBe(404);
  });
});
