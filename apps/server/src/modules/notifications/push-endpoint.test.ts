import { createECDH, randomBytes } from 'node:crypto';
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import { DeliveryError } from './delivery-error.js';
import { isPublicAddress } from '../../outgoing/public-address.js';
import { checkPushEndpoint } from './push-address.js';
import { createPushSender } from './push-sender.js';
import { isAllowedPushEndpoint } from './push-subscriptions.service.js';

describe('push endpoint check', () => {
  it("takes a push service's https address", () => {
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', false)).toBe(true);
    expect(
      isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/x', false),
    ).toBe(true);
  });

  it('refuses plain http, addresses, this machine and local names', () => {
    for (const endpoint of [
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/push',
      'https://[::1]/push',
      'https://10.0.0.5/push',
      'https://localhost/push',
      'https://localhost./push',
      'https://push.example.com:8443/push',
      'https://printer.local/push',
      'https://user:pw@push.example.com/x',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
    }
  });
});

const resolvesTo =
  (...addresses: string[]) =>
  async () =>
    addresses;

describe('push endpoint check on every send (issue 23)', () => {
  it('takes https on 443 to a name whose every address is public', async () => {
    const checked = await checkPushEndpoint(
      'https://push.example.com/wpush/x',
      resolvesTo('93.184.216.34', '2606:2800:220:1::1'),
    );
    expect(checked).toMatchObject({ address: '93.184.216.34', family: 4 });
  });

  it('refuses names resolving to this machine, private or link-local networks, and other ports', async () => {
    const cases: Array<[string, string[]]> = [
      ['https://localhost./push', ['127.0.0.1']],
      ['https://push.example.com/push', ['10.1.2.3']],
      ['https://push.example.com/push', ['93.184.216.34', '192.168.1.4']],
      ['https://metadata.example.com/push', ['169.254.169.254']],
      ['https://push.example.com/push', ['::ffff:127.0.0.1']],
      ['https://push.example.com/push', ['fd00::1']],
      ['https://push.example.com:8443/push', ['93.184.216.34']],
      ['http://push.example.com/push', ['93.184.216.34']],
    ];
    for (const [endpoint, addresses] of cases) {
      const checked = await checkPushEndpoint(endpoint, resolvesTo(...addresses));
      expect(checked, `${endpoint} → ${addresses.join(', ')}`).toHaveProperty('refused');
    }
  });

  it('knows public from internal addresses', () => {
    expect(isPublicAddress('8.8.8.8')).toBe(true);
    expect(isPublicAddress('100.64.0.1')).toBe(false);
    expect(isPublicAddress('::1')).toBe(false);
    expect(isPublicAddress('2001:4860:4860::8888')).toBe(true);
  });

  it('a stored subscription whose name now resolves inside is not sent to, and not retried', async () => {
    const browser = createECDH('prime256v1');
    browser.generateKeys();
    const P256DH = browser.getPublicKey().toString('base64url');
    const AUTH = randomBytes(16).toString('base64url');
    const sender = createPushSender({
      keys: webpush.generateVAPIDKeys(),
      subject: 'mailto:ops@example.com',
      targets: { deletePushSubscription: () => Promise.resolve() } as never,
      resolve: resolvesTo('127.0.0.1'),
    });
    const error = await sender
      .send(
        { id: 1, endpoint: 'https://push.example.com/wpush/x', p256dh: P256DH, auth: AUTH },
        { title: 't', body: 'b', url: 'https://printdeck.test/' },
      )
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DeliveryError);
    expect((error as DeliveryError).retryable).toBe(false);
    expect((error as DeliveryError).message).toContain('not a public address');
  });
});
