import { createHash } from 'node:crypto';
import { connect, type TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { printerCertificate } from './certs.js';
import { startVirtualBambu, type VirtualBambu } from './server.js';

/**
 * The virtual X1's RTSPS camera at the protocol level (RFC 2326, RFC 6184): what any RTSP
 * client sees, from a bare TLS socket that trusts the printer's own certificate.
 */

const ACCESS_CODE = '61849302';
let sim: VirtualBambu;
let socket: TLSSocket;
let received = Buffer.alloc(0);
let cseq = 0;

beforeAll(async () => {
  sim = await startVirtualBambu({ accessCode: ACCESS_CODE, productName: 'Bambu Lab X1 Carbon' });
  socket = connect({
    host: sim.host,
    port: sim.rtspsPort!,
    ca: printerCertificate().cert,
    // the leaf names the serial, not the address (OpenBambuAPI `tls.md`): the CA check stays
    checkServerIdentity: () => undefined,
  });
  socket.on('data', (chunk: Buffer) => (received = Buffer.concat([received, chunk])));
  await new Promise((resolve) => socket.once('secureConnect', resolve));
}, 60_000);

afterAll(async () => {
  socket.destroy();
  await sim.close();
});

const url = () => `rtsp://${sim.host}:${sim.rtspsPort}/streaming/live/1`;

/** Sends a request and waits for its whole answer: status, headers, body. */
async function request(method: string, target: string, headers: Record<string, string> = {}) {
  cseq++;
  const lines = [`${method} ${target} RTSP/1.0`, `CSeq: ${cseq}`];
  for (const [name, value] of Object.entries(headers)) lines.push(`${name}: ${value}`);
  socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  await expect.poll(() => received.indexOf('\r\n\r\n') >= 0).toBe(true);
  const end = received.indexOf('\r\n\r\n');
  const [status = '', ...fields] = received.subarray(0, end).toString().split('\r\n');
  const map = new Map(
    fields.map((f) => [f.split(':')[0]!.toLowerCase(), f.slice(f.indexOf(':') + 1).trim()]),
  );
  const length = Number(map.get('content-length') ?? 0);
  await expect.poll(() => received.length >= end + 4 + length).toBe(true);
  const body = received.subarray(end + 4, end + 4 + length).toString();
  received = received.subarray(end + 4 + length);
  expect(map.get('cseq')).toBe(String(cseq));
  return { status: Number(status.split(' ')[1]), headers: map, body };
}

/** The Digest answer (RFC 2617 §3.2.2.1, no qop) to the printer's challenge. */
function digest(challenge: string, method: string, uri: string, code: string): string {
  const realm = /realm="([^"]*)"/.exec(challenge)![1]!;
  const nonce = /nonce="([^"]*)"/.exec(challenge)![1]!;
  const md5 = (text: string) => createHash('md5').update(text).digest('hex');
  const response = md5(`${md5(`bblp:${realm}:${code}`)}:${nonce}:${md5(`${method}:${uri}`)}`);
  return `Digest username="bblp", realm="${realm}", nonce="${nonce}", uri="${uri}", response="${response}"`;
}

describe('virtual X1: RTSPS camera', () => {
  let challenge = '';
  let session = '';

  it('answers OPTIONS, and asks for the login on DESCRIBE (401, Digest)', async () => {
    const options = await request('OPTIONS', url());
    expect(options.status).toBe(200);
    expect(options.headers.get('public')).toContain('DESCRIBE');
    const refused = await request('DESCRIBE', url());
    expect(refused.status).toBe(401);
    challenge = refused.headers.get('www-authenticate')!;
    expect(challenge).toMatch(/^Digest realm="[^"]+", nonce="[0-9a-f]+"$/);
    const wrong = await request('DESCRIBE', url(), {
      Authorization: digest(challenge, 'DESCRIBE', url(), '00000000'),
    });
    expect(wrong.status).toBe(401);
    const basicWrong = `Basic ${Buffer.from('bblp:00000000').toString('base64')}`;
    expect((await request('DESCRIBE', url(), { Authorization: basicWrong })).status).toBe(401);
  });

  it('describes one H.264 track with its SPS and PPS (RFC 6184 §8.1)', async () => {
    const sdp = await request('DESCRIBE', url(), {
      Authorization: digest(challenge, 'DESCRIBE', url(), ACCESS_CODE),
    });
    expect(sdp.status).toBe(200);
    expect(sdp.headers.get('content-type')).toBe('application/sdp');
    expect(sdp.body).toContain('m=video 0 RTP/AVP 96');
    expect(sdp.body).toContain('a=rtpmap:96 H264/90000');
    const sets = /sprop-parameter-sets=([^,;\r]+),([^;\r]+)/.exec(sdp.body)!;
    expect(Buffer.from(sets[1]!, 'base64')[0]! & 0x1f).toBe(7);
    expect(Buffer.from(sets[2]!, 'base64')[0]! & 0x1f).toBe(8);
    expect(sdp.body).toMatch(/packetization-mode=1;profile-level-id=42[0-9A-F]{4};/);
  });

  it('takes only interleaved TCP (461 for UDP), then plays RTP over the TLS link', async () => {
    const track = `${url()}/track1`;
    const auth = (method: string, uri: string) => ({
      Authorization: digest(challenge, method, uri, ACCESS_CODE),
    });
    const udp = await request('SETUP', track, {
      ...auth('SETUP', track),
      Transport: 'RTP/AVP;unicast;client_port=5000-5001',
    });
    expect(udp.status).toBe(461);
    const setup = await request('SETUP', track, {
      ...auth('SETUP', track),
      Transport: 'RTP/AVP/TCP;unicast;interleaved=0-1',
    });
    expect(setup.status).toBe(200);
    expect(setup.headers.get('transport')).toMatch(/^RTP\/AVP\/TCP;unicast;interleaved=0-1/);
    session = setup.headers.get('session')!.split(';')[0]!;
    expect(
      (await request('PLAY', `${url()}/`, { ...auth('PLAY', `${url()}/`), Session: 'nope' }))
        .status,
    ).toBe(454);
    const play = await request('PLAY', `${url()}/`, {
      ...auth('PLAY', `${url()}/`),
      Session: session,
    });
    expect(play.status).toBe(200);

    // read interleaved packets until a whole key frame and the next picture have come
    const packets: Buffer[] = [];
    await expect
      .poll(
        () => {
          while (
            received.length >= 4 &&
            received[0] === 0x24 &&
            received.length >= 4 + received.readUInt16BE(2)
          ) {
            expect(received[1]).toBe(0);
            packets.push(received.subarray(4, 4 + received.readUInt16BE(2)));
            received = received.subarray(4 + received.readUInt16BE(2));
          }
          return packets.filter((p) => (p[1]! & 0x80) !== 0).length;
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThanOrEqual(2);
    const types = packets.map((p) => p[12]! & 0x1f);
    expect(packets.every((p) => p[0] === 0x80 && (p[1]! & 0x7f) === 96)).toBe(true);
    // a viewer starts at a key frame: SPS, PPS as single NAL units, the IDR in FU-A fragments
    expect(types.slice(0, 2)).toEqual([7, 8]);
    expect(types.indexOf(28)).toBeGreaterThan(1);
    const fragments = packets.filter((p) => (p[12]! & 0x1f) === 28);
    expect(fragments[0]![13]! & 0xc0).toBe(0x80); // S
    expect(fragments[0]![13]! & 0x1f).toBe(5); // IDR
    const sequences = packets.map((p) => p.readUInt16BE(2));
    expect(sequences.slice(1).every((s, n) => s === ((sequences[n]! + 1) & 0xffff))).toBe(true);
    const timestamps = [...new Set(packets.map((p) => p.readUInt32BE(4)))];
    expect(timestamps.length).toBeGreaterThanOrEqual(2);
  }, 30_000);

  it('ends the session on TEARDOWN', async () => {
    const auth = { Authorization: digest(challenge, 'TEARDOWN', `${url()}/`, ACCESS_CODE) };
    received = Buffer.alloc(0);
    socket.write(
      `TEARDOWN ${url()}/ RTSP/1.0\r\nCSeq: ${++cseq}\r\nSession: ${session}\r\nAuthorization: ${auth.Authorization}\r\n\r\n`,
    );
    await new Promise((resolve) => socket.once('close', resolve));
    expect(received.toString('latin1')).toContain('RTSP/1.0 200 OK');
    await expect.poll(() => sim.rtspsSessions()).toBe(0);
  });
});
