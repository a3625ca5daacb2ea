import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualPrusaLink, type VirtualPrusaLink } from './server.js';

/** The virtual PrusaLink's HTTP answers, by plain fetch: Digest, uploads, jobs, errors. */

let sim: VirtualPrusaLink;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

beforeAll(async () => {
  sim = await startVirtualPrusaLink({ speed: 0, password: 'pw', tickMs: 10 });
});
afterAll(() => sim.close());

/** One request with Buddy's Digest (no qop): challenge first, then the answer. */
async function call(path: string, init: RequestInit = {}, password = 'pw'): Promise<Response> {
  const first = await fetch(`${sim.url}${path}`, init);
  if (first.status !== 401) return first;
  const nonce = /nonce="([^"]+)"/.exec(first.headers.get('www-authenticate') ?? '')![1]!;
  const ha1 = md5(`maker:Printer API:${password}`);
  const ha2 = md5(`${init.method ?? 'GET'}:${path}`);
  const authorization =
    `Digest username="maker", realm="Printer API", nonce="${nonce}", uri="${path}", ` +
    `response="${md5(`${ha1}:${nonce}:${ha2}`)}"`;
  return fetch(`${sim.url}${path}`, {
    ...init,
    headers: { ...(init.headers as Record<string, string>), authorization },
  });
}

const put = (name: string, headers: Record<string, string> = {}) =>
  call(`/api/v1/files/usb/${name}`, {
    method: 'PUT',
    body: Buffer.from(';TIME:60\nG28\nG1 X10\n'),
    headers,
  });

describe('virtual PrusaLink', () => {
  it('challenges without qop or opaque, and refuses a wrong password with stale=false', async () => {
    const bare = await fetch(`${sim.url}/api/v1/status`);
    expect(bare.status).toBe(401);
    const challenge = bare.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Digest realm="Printer API", nonce="[0-9a-f]{16}", stale=false$/);
    expect((await call('/api/v1/status', {}, 'wrong')).status).toBe(401);
    expect((await call('/api/v1/status')).status).toBe(200);
    expect((await fetch(`${sim.url}/api/version`, { headers: { 'x-api-key': 'pw' } })).status).toBe(
      200,
    );
  });

  it('uploads: 415 for a non-printable name, 409 without Overwrite, text or JSON errors', async () => {
    expect((await put('notes.txt')).status).toBe(415);
    expect((await put('a.gcode')).status).toBe(201);
    const again = await put('a.gcode');
    expect(again.status).toBe(409);
    expect(await again.text()).toBe('409: Conflict\n\nFile already exists');
    const json = await put('a.gcode', { accept: 'application/json' });
    expect(await json.json()).toEqual({ title: 'Conflict', text: 'File already exists' });
    expect((await put('a.gcode', { overwrite: '?1' })).status).toBe(201);
  });

  it('has no job while idle (204); a print gets a new id; a stale id is 404, a wrong state 409', async () => {
    expect((await call('/api/v1/job')).status).toBe(204);
    expect((await put('b.gcode', { 'print-after-upload': '?1' })).status).toBe(201);
    const job = (await (await call('/api/v1/job')).json()) as { id: number; state: string };
    expect(job).toMatchObject({ id: sim.panel.jobId, state: 'PRINTING' });
    expect((await call(`/api/v1/job/${job.id + 1}/pause`, { method: 'PUT' })).status).toBe(404);
    expect((await call(`/api/v1/job/${job.id}/resume`, { method: 'PUT' })).status).toBe(409);
    expect((await call(`/api/v1/job/${job.id}/continue`, { method: 'PUT' })).status).toBe(400);
    expect((await call(`/api/v1/files/usb/b.gcode`, { method: 'DELETE' })).status).toBe(409);
    expect((await call(`/api/v1/job/${job.id}`, { method: 'DELETE' })).status).toBe(204);
    sim.printer.advance(1000);
    const status = (await (await call('/api/v1/status')).json()) as Record<string, unknown>;
    expect(status.printer).toMatchObject({ state: 'STOPPED' });
    expect(status.job).toBeUndefined();
    sim.faults.confirmOnScreen();
    const idle = (await (await call('/api/v1/status')).json()) as { printer: { state: string } };
    expect(idle.printer.state).toBe('IDLE');
  });
});

describe('virtual PrusaLink cameras (Prusa-Link `prusa/link/web/cameras.py`)', () => {
  it('Buddy has no cameras API: 404', async () => {
    expect((await call('/api/v1/cameras')).status).toBe(404);
    expect((await call('/api/v1/cameras/snap')).status).toBe(404);
  });

  it('with a camera: listed, 204 before its first photo, then the last photo as JPEG', async () => {
    const camera = await startVirtualPrusaLink({
      speed: 0,
      password: 'pw',
      tickMs: 10,
      camera: { width: 64, height: 48 },
      cameraFirstPhotoMs: 300,
    });
    try {
      const ask = async (path: string) => {
        const first = await fetch(`${camera.url}${path}`);
        const nonce = /nonce="([^"]+)"/.exec(first.headers.get('www-authenticate') ?? '')![1]!;
        const ha1 = md5('maker:Printer API:pw');
        const response = md5(`${ha1}:${nonce}:${md5(`GET:${path}`)}`);
        return fetch(`${camera.url}${path}`, {
          headers: {
            authorization: `Digest username="maker", realm="Printer API", nonce="${nonce}", uri="${path}", response="${response}"`,
          },
        });
      };
      const list = (await (await ask('/api/v1/cameras')).json()) as {
        camera_list: Array<{ camera_id: string; connected: boolean }>;
      };
      expect(list.camera_list).toHaveLength(1);
      expect(list.camera_list[0]!.connected).toBe(true);
      expect((await ask('/api/v1/cameras/snap')).status).toBe(204);
      await expect
        .poll(async () => (await ask('/api/v1/cameras/snap')).status, { timeout: 5000 })
        .toBe(200);
      const photo = await ask(`/api/v1/cameras/${list.camera_list[0]!.camera_id}/snap`);
      expect(photo.headers.get('content-type')).toBe('image/jpeg');
      const jpeg = Buffer.from(await photo.arrayBuffer());
      expect([jpeg[0], jpeg[1]]).toEqual([0xff, 0xd8]);
      const unknown = await ask('/api/v1/cameras/nope/snap');
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toEqual({ message: 'Camera with id: nope is not available' });
    } finally {
      await camera.close();
    }
  });
});
