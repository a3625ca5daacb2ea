import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { getUpgradeClientAddress } from './client-address.js';

const request = (remoteAddress: string, forwardedFor?: string) =>
  ({
    socket: { remoteAddress },
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  }) as unknown as IncomingMessage;

describe('getUpgradeClientAddress', () => {
  it('ignores X-Forwarded-For without trusted proxies', () => {
    expect(getUpgradeClientAddress(request('10.0.0.1', '6.6.6.6'), 0)).toBe('10.0.0.1');
  });

  it('takes the address the trusted proxy saw, never one the client wrote before it', () => {
    expect(getUpgradeClientAddress(request('10.0.0.1', '6.6.6.6, 203.0.113.7'), 1)).toBe(
      '203.0.113.7',
    );
    expect(getUpgradeClientAddress(request('10.0.0.1', '6.6.6.6, 203.0.113.7, 10.0.0.2'), 2)).toBe(
      '203.0.113.7',
    );
  });

  it('falls back to the farthest address when fewer hops arrived than configured', () => {
    expect(getUpgradeClientAddress(request('10.0.0.1'), 1)).toBe('10.0.0.1');
  });
});
