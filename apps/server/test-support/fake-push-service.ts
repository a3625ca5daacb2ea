import {
  createDecipheriv,
  createECDH,
  createHmac,
  createPublicKey,
  randomBytes,
  verify,
} from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local push service (RFC 8030) with a browser's side of the keys: it checks the VAPID
 * signature (RFC 8292) and decrypts the aes128gcm payload (RFC 8291) with the browser's private
 * key, written here from the RFCs rather than with the sender's own library.
 */
export interface PushDelivery {
  path: string;
  ttl: string | undefined;
  audience: string;
  isSignatureValid: boolean;
  publicKey: string;
  payload: unknown;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/** RFC 8291 §3.4 and RFC 8188 §2: one record, padding delimiter 0x02. */
function decryptAes128gcm(
  body: Buffer,
  browser: { ecdh: ReturnType<typeof createECDH>; auth: Buffer },
) {
  const salt = body.subarray(0, 16);
  const idLength = body[20]!;
  const senderPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const shared = browser.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    browser.ecdh.getPublicKey(),
    senderPublic,
    Buffer.from([1]),
  ]);
  const ikm = hmac(hmac(browser.auth, shared), keyInfo);
  const prk = hmac(salt, ikm);
  const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
  const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([
    decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
    decipher.final(),
  ]);
  return padded.subarray(0, padded.lastIndexOf(2)).toString('utf8');
}

function checkVapid(authorization: string) {
  const t = /t=([^,\s]+)/.exec(authorization)?.[1] ?? '';
  const k = /k=([^,\s]+)/.exec(authorization)?.[1] ?? '';
  const [header, claims, signature] = t.split('.');
  const point = Buffer.from(k, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: point.subarray(1, 33).toString('base64url'),
      y: point.subarray(33, 65).toString('base64url'),
    },
    format: 'jwk',
  });
  const isSignatureValid = verify(
    'sha256',
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature ?? '', 'base64url'),
  );
  const { aud } = JSON.parse(Buffer.from(claims ?? '', 'base64url').toString()) as { aud: string };
  return { isSignatureValid, audience: aud, publicKey: k };
}

export async function startFakePushService() {
  const deliveries: PushDelivery[] = [];
  const browsers = new Map<string, { ecdh: ReturnType<typeof createECDH>; auth: Buffer }>();
  const gone = new Set<string>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const path = req.url ?? '';
      const browser = browsers.get(path);
      if (req.method !== 'POST' || !browser) return void res.writeHead(404).end();
      if (gone.has(path)) return void res.writeHead(410).end();
      const vapid = checkVapid(String(req.headers.authorization ?? ''));
      deliveries.push({
        path,
        ttl: req.headers.ttl as string | undefined,
        ...vapid,
        payload: JSON.parse(decryptAes128gcm(Buffer.concat(chunks), browser)),
      });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    /** A browser's PushSubscription as JSON: its endpoint here and its public keys. */
    subscribeBrowser() {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      browsers.set(path, { ecdh, auth });
      return {
        endpoint: `${origin}${path}`,
        expirationTime: null,
        keys: {
          p256dh: ecdh.getPublicKey().toString('base64url'),
          auth: auth.toString('base64url'),
        },
      };
    },
    /** The browser dropped the subscription: the service answers 410 Gone. */
    expire(endpoint: string) {
      gone.add(new URL(endpoint).pathname);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
