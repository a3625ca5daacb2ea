import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startVirtualBambu,
  startVirtualPrusaLink,
  type VirtualBambu,
  type VirtualPrusaLink,
} from '@printdeck/simulator';
import { CommandFailed } from './driver.js';
import type { PrinterHost } from './create-driver.js';
import type { HostNetwork } from './host-network.js';
import { probePrinter } from './probe-printer.js';

/**
 * One try of a printer's credentials (LAN mode adds a Bambu or PrusaLink printer only after
 * it): against the simulators, answered, refused, or unreachable with the reason; a network
 * that refuses the address means no connection is made at all.
 */

const CODE = '27418093';
let bambu: VirtualBambu;
let prusa: VirtualPrusaLink;
const dir = mkdtempSync(path.join(os.tmpdir(), 'printdeck-probe-'));
beforeAll(async () => {
  bambu = await startVirtualBambu({ speed: 0, pushIntervalMs: 20, accessCode: CODE });
  prusa = await startVirtualPrusaLink({ speed: 0, password: 'pw-1234' });
});
afterAll(async () => {
  await bambu.close();
  await prusa.close();
  rmSync(dir, { recursive: true, force: true });
});

const bambuHost = (change: Partial<Extract<PrinterHost, { kind: 'bambu' }>> = {}): PrinterHost => ({
  kind: 'bambu',
  url: bambu.host,
  serial: bambu.serial,
  accessCode: CODE,
  mqttPort: bambu.mqttPort,
  ftpsPort: bambu.ftpsPort,
  cameraPort: bambu.cameraPort,
  ...change,
});

describe('probePrinter', () => {
  it('a Bambu printer answers with its code; its certificate is pinned into the pin file', async () => {
    const pinFile = path.join(dir, 'pin.sha256');
    expect(await probePrinter(bambuHost({ pinFile }), { timeoutMs: 5000 })).toEqual({
      outcome: 'answered',
    });
    expect(readFileSync(pinFile, 'utf8').trim()).toMatch(/^[0-9A-F]{64}$/);
  });

  it('a wrong access code or serial is refused, saying which', async () => {
    const code = await probePrinter(bambuHost({ accessCode: '00000000' }), { timeoutMs: 5000 });
    expect(code).toMatchObject({
      outcome: 'refused',
      detail: expect.stringMatching(/access code/),
    });
    const serial = await probePrinter(bambuHost({ serial: '01P00C000000000' }), {
      timeoutMs: 5000,
    });
    expect(serial).toMatchObject({
      outcome: 'refused',
      detail: expect.stringMatching(/serial number/),
    });
  });

  it('a network that refuses the address: unreachable with its reason, no connection made', async () => {
    const clients = bambu.connectedMqttClients();
    const refusing: HostNetwork = {
      pin: () => Promise.reject(new CommandFailed('printer-unreachable', 'outside the networks')),
    };
    const result = await probePrinter(bambuHost(), { timeoutMs: 5000, network: refusing });
    expect(result).toEqual({ outcome: 'unreachable', detail: 'outside the networks' });
    expect(bambu.connectedMqttClients()).toBe(clients);
  });

  it('PrusaLink: answered with its password, refused without, unreachable where nothing listens', async () => {
    const host = { kind: 'prusalink' as const, url: prusa.url };
    expect(await probePrinter({ ...host, password: 'pw-1234' }, { timeoutMs: 5000 })).toEqual({
      outcome: 'answered',
    });
    expect(await probePrinter({ ...host, password: 'nope' }, { timeoutMs: 5000 })).toMatchObject({
      outcome: 'refused',
    });
    expect(
      await probePrinter({ ...host, url: 'http://127.0.0.1:9' }, { timeoutMs: 5000 }),
    ).toMatchObject({ outcome: 'unreachable' });
  });
});
