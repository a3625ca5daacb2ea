import { describe, expect, it } from 'vitest';
import { CommandFailed } from '@printdeck/agent-core';
import { loadConfig, ConfigError } from '../../config/config.js';
import { createLanNetwork } from './lan-host-network.js';
import { checkAddress, createNetworkPolicy, parseLanNetworks } from './lan-networks.js';

const policy = createNetworkPolicy(parseLanNetworks('192.168.1.0/24, 10.0.0.0/8,fd00::/8'));

describe('LAN_PRINTER_NETWORKS', () => {
  it('reads networks and says which entry is not one', () => {
    expect(parseLanNetworks('')).toEqual([]);
    expect(parseLanNetworks('192.168.1.0/24')).toEqual([
      { address: '192.168.1.0', prefix: 24, family: 'ipv4' },
    ]);
    for (const bad of ['192.168.1.0', '10.0.0.0/33', 'printers/8', '::1/129']) {
      expect(() => parseLanNetworks(bad), bad).toThrow(`"${bad}" is not a network`);
    }
  });

  it('a bad value stops the server with the variable named', () => {
    try {
      loadConfig({ LAN_PRINTER_NETWORKS: '192.168.1.0/24,10.0.0.0/99' });
      throw new Error('expected a ConfigError');
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      expect((error as Error).message).toContain(
        'LAN_PRINTER_NETWORKS="192.168.1.0/24,10.0.0.0/99": "10.0.0.0/99" is not a network',
      );
    }
    expect(loadConfig({}).lanPrinterNetworks).toEqual([]);
  });

  it('allows addresses inside the networks only, IPv4-mapped IPv6 as IPv4', () => {
    expect(policy.allows('192.168.1.77')).toBe(true);
    expect(policy.allows('10.200.0.1')).toBe(true);
    expect(policy.allows('fd12::5')).toBe(true);
    expect(policy.allows('::ffff:192.168.1.5')).toBe(true);
    expect(policy.allows('192.168.2.1')).toBe(false);
    expect(policy.allows('127.0.0.1')).toBe(false);
    expect(policy.allows('169.254.169.254')).toBe(false);
    expect(policy.allows('::ffff:127.0.0.1')).toBe(false);
  });
});

describe('checking and pinning a printer address', () => {
  const names: Record<string, string[]> = {
    'octopi.local': ['192.168.1.20'],
    'mixed.example': ['192.168.1.20', '93.184.216.34'],
  };
  const resolve = async (host: string) => {
    if (!names[host]) throw new Error('ENOTFOUND');
    return names[host];
  };

  it('refuses a name when any of its addresses is outside, or it resolves to none', async () => {
    expect(await checkAddress(policy, 'octopi.local', resolve)).toEqual({
      addresses: ['192.168.1.20'],
    });
    expect(await checkAddress(policy, 'mixed.example', resolve)).toEqual({
      refused: 'mixed.example (93.184.216.34) is outside the networks this server may reach',
    });
    expect(await checkAddress(policy, 'nowhere.invalid', resolve)).toEqual({
      refused: 'nowhere.invalid does not resolve to an address',
    });
    expect(await checkAddress(policy, '[fd00::1]', resolve)).toEqual({ addresses: ['fd00::1'] });
  });

  it('connects plain HTTP and WebSocket to the checked address, and refuses others', async () => {
    const network = createLanNetwork(policy, resolve);
    expect(await network.pin('http://octopi.local:5000/api/version')).toBe(
      'http://192.168.1.20:5000/api/version',
    );
    expect(await network.pin('ws://octopi.local/sockjs/websocket')).toBe(
      'ws://192.168.1.20/sockjs/websocket',
    );
    expect(await network.pin('https://octopi.local/api')).toBe('https://octopi.local/api');
    const refused = network.pin('http://169.254.169.254/latest/meta-data');
    await expect(refused).rejects.toBeInstanceOf(CommandFailed);
    await expect(refused).rejects.toMatchObject({ code: 'printer-unreachable' });
  });

  it('looks again at every connection: a name that moves outside is refused', async () => {
    let answer = ['192.168.1.20'];
    const network = createLanNetwork(policy, async () => answer);
    expect(await network.pin('http://printer.lan/')).toBe('http://192.168.1.20/');
    answer = ['127.0.0.1'];
    await expect(network.pin('http://printer.lan/')).rejects.toMatchObject({
      code: 'printer-unreachable',
    });
  });
});
