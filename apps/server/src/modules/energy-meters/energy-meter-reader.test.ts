import { describe, expect, it } from 'vitest';
import { createNetworkPolicy } from '../lan-printers/lan-networks.js';
import { parseEnergyMeterAnswer, readEnergyMeter } from './energy-meter-reader.js';

describe('parseEnergyMeterAnswer', () => {
  it('Tasmota Status 8: Total is kWh, Power is W', () => {
    const answer = {
      StatusSNS: {
        Time: '2026-11-27T12:00:00',
        ENERGY: { TotalStartTime: '2026-01-01T00:00:00', Total: 12.345, Today: 0.2, Power: 48 },
      },
    };
    expect(parseEnergyMeterAnswer('tasmota', answer)).toEqual({ total_kwh: 12.345, power_w: 48 });
  });

  it('Shelly Switch.GetStatus: aenergy.total is Wh, apower is W', () => {
    const answer = { id: 0, output: true, apower: 8.9, aenergy: { total: 6532.5 } };
    expect(parseEnergyMeterAnswer('shelly', answer)).toEqual({ total_kwh: 6.5325, power_w: 8.9 });
  });

  it('an answer without an energy counter is refused, naming what is missing', () => {
    expect(() => parseEnergyMeterAnswer('tasmota', { Command: 'Unknown' })).toThrow(
      'StatusSNS.ENERGY.Total',
    );
    expect(() => parseEnergyMeterAnswer('shelly', { apower: 3, aenergy: { total: -1 } })).toThrow(
      'aenergy.total',
    );
    expect(() => parseEnergyMeterAnswer('shelly', 'ok')).toThrow('aenergy.total');
  });
});

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
