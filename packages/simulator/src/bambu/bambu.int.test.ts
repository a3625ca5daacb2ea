import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startVirtualBambu, type VirtualBambu } from './server.js';
import { readZip, writeZip } from './zip.js';

/** The virtual P1S seen by a plain MQTT client: what a real P1S sends (reference §1). */

let sim: VirtualBambu;
const clients: MqttClient[] = [];

function connect(password: string): MqttClient {
  const client = mqtt.connect(`mqtts://${sim.host}:${sim.mqttPort}`, {
    username: 'bblp',
    password,
    rejectUnauthorized: false,
    reconnectPeriod: 0,
    protocolVersion: 4,
  });
  clients.push(client);
  return client;
}

async function reportsOf(client: MqttClient): Promise<Array<Record<string, unknown>>> {
  const reports: Array<Record<string, unknown>> = [];
  client.on('message', (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as Record<string, Record<string, unknown>>;
    if (message.print?.command === 'push_status') reports.push(message.print);
  });
  await new Promise<void>((resolve, reject) => {
    client.once('connect', () => client.subscribe(`device/${sim.serial}/report`, () => resolve()));
    client.once('error', reject);
  });
  return reports;
}

const request = (client: MqttClient, body: Record<string, unknown>) =>
  client.publish(`device/${sim.serial}/request`, JSON.stringify(body));

beforeAll(async () => {
  sim = await startVirtualBambu({
    speed: 0,
    tickMs: 10,
    pushIntervalMs: 20,
    accessCode: '27418093',
    maxClients: 2,
  });
});

/** Every client gone before the next test: the broker takes only `maxClients` sockets. */
async function endClients(): Promise<void> {
  for (const client of clients.splice(0)) client.end(true);
  await vi.waitFor(() => expect(sim.connectedMqttClients()).toBe(0), { timeout: 10_000 });
}

afterEach(endClients);

afterAll(async () => {
  await endClients();
  await sim.close();
});

describe('virtual Bambu P1S: MQTT', () => {
  it('answers pushall with the whole state, then sends only what changed', async () => {
    const client = connect('27418093');
    const reports = await reportsOf(client);
    // the answer carries the request's sequence_id; the printer's own pushes (msg 1, numbered
    // from 1) may come before it, so the answer is found by its number, not by its place
    request(client, { pushing: { sequence_id: '2001', command: 'pushall' } });
    await vi.waitFor(() =>
      expect(reports.some((report) => report.sequence_id === '2001')).toBe(true),
    );
    const answer = reports.find((report) => report.sequence_id === '2001')!;
    expect(answer).toMatchObject({ msg: 0, gcode_state: 'IDLE' });
    expect(answer.ams).toMatchObject({ ams: [{ id: '0', tray: expect.any(Array) }] });
    request(client, { print: { sequence_id: '2002', command: 'gcode_line', param: 'M140 S55\n' } });
    sim.printer.advance(1000);
    await vi.waitFor(() =>
      expect(reports.some((report) => report.bed_target_temper === 55)).toBe(true),
    );
    const delta = reports.find((report) => report.bed_target_temper === 55)!;
    expect(delta).toMatchObject({ msg: 1 });
    expect(delta).not.toHaveProperty('gcode_state');
    expect(delta).not.toHaveProperty('nozzle_target_temper');
  });

  it('refuses a wrong access code with CONNACK 4, and a third client at once', async () => {
    const wrong = connect('00000000');
    const error = await new Promise<Error & { code?: number }>((resolve) =>
      wrong.once('error', resolve),
    );
    expect(error.code).toBe(4);
    // the refused socket holds one of the broker's two places until it closes
    wrong.end(true);
    await vi.waitFor(() => expect(sim.connectedMqttClients()).toBe(0), { timeout: 10_000 });
    const first = connect('27418093');
    const second = connect('27418093');
    await Promise.all([reportsOf(first), reportsOf(second)]);
    const third = connect('27418093');
    await new Promise<void>((resolve) => third.once('close', () => resolve()));
    expect(third.connected).toBe(false);
  });
});

describe('virtual Bambu P1S: .gcode.3mf', () => {
  it('reads back the ZIP it writes (stored by the slicer, deflated here)', () => {
    const zip = writeZip({
      'Metadata/plate_1.gcode': ';TIME:60\nG28\n',
      '3D/3dmodel.model': '<m/>',
    });
    const entries = readZip(zip);
    expect(entries.get('Metadata/plate_1.gcode')?.toString()).toBe(';TIME:60\nG28\n');
    expect([...entries.keys()]).toEqual(['Metadata/plate_1.gcode', '3D/3dmodel.model']);
    expect(() => readZip(Buffer.from('not a zip at all, just some bytes'))).toThrow(/not a ZIP/);
  });
});
