import { describe, expect, it } from 'vitest';
import { createNetworkPolicy } from '../lan-printers/lan-networks.js';
import { readEnergyMeter } from './energy-meter-reader.js';

describe('readEnergyMeter', () => {
  const meter = { kind: 'tasmota' as const, url: 'http://plug.lan', channel: 0 };

  it('LAN mode off: no plug is read', async () => {
    await expect(readEnergyMeter(null, meter)).rejects.toThrow('LAN mode is off');
  });

  it('a name resolving outside the networks is refused before any request', async () => {
    const policy = createNetworkPolicy([{ address: '192.168.1.0', prefix: 24, family: 'ipv4' }]);
    await expect(readEnergyMeter(policy, meter, async () => ['10.0.0.7'])).rejects.toThrow(
      'outside the networks',
    );
  });
});
