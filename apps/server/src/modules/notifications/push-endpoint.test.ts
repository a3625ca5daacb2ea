import { describe, expect, it } from 'vitest';
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
      'https://printer.local/push',
      'https://user:pw@push.example.com/x',
      'not a url',
    ]) {
      expect(isAllowedPushEndpoint(endpoint, false), endpoint).toBe(false);
    }
  });
});
