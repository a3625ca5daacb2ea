import { describe, expect, it } from 'vitest';
import { createPlugAddressRule } from './agent-energy-meter.js';
import { ENERGY_METER_BUDGET, energyMeterPath, parseEnergyMeterAnswer } from './energy-meter.js';

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

describe('the documented requests and their budgets', () => {
  it('Tasmota Status 8; Shelly Switch.GetStatus of the channel; 3 s and 64 KB', () => {
    expect(energyMeterPath('tasmota', 0)).toBe('/cm?cmnd=Status%208');
    expect(energyMeterPath('shelly', 2)).toBe('/rpc/Switch.GetStatus?id=2');
    expect(ENERGY_METER_BUDGET).toEqual({ timeoutMs: 3000, maxBytes: 65_536 });
  });
});

describe('createPlugAddressRule', () => {
  it('by default: private and link-local addresses only, never loopback or public ones', () => {
    const rule = createPlugAddressRule();
    for (const address of ['192.168.1.40', '10.2.3.4', '172.20.0.9', '169.254.1.1', 'fd00::5'])
      expect(rule.allows(address), address).toBe(true);
    expect(rule.allows('::ffff:192.168.1.40')).toBe(true);
    for (const address of ['127.0.0.1', '8.8.8.8', '172.32.0.1', '::1', '2001:db8::1', 'plug'])
      expect(rule.allows(address), address).toBe(false);
  });

  it('configured networks replace the default; a wrong one is named', () => {
    const rule = createPlugAddressRule(['127.0.0.1/32']);
    expect(rule.allows('127.0.0.1')).toBe(true);
    expect(rule.allows('192.168.1.40')).toBe(false);
    expect(() => createPlugAddressRule(['10.0.0.0/33'])).toThrow('"10.0.0.0/33" is not a network');
  });
});
