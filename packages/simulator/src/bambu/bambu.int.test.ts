import mqtt, { type MqttClient } from 'mqtt';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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

afterAll(async () => {
  for (const client of clients) client.end(true);
  await sim.close();
});

describe('virtual Bambu P1S: MQTT', () => {
  it('answers pushall with the whole state, then sends only what changed', async () => {
    const client = connect('27418093');
    const reports = await reportsOf(client);
    request(client, { pushing: { sequence_id: '1', command: 'pushall' } });
    await vi.waitFor(() => expect(reports.length).toBeGreaterThan(0));
    expect(reports[0]).toMatchObject({ msg: 0, gcode_state: 'IDLE', sequence_id: '1' });
    expect(reports[0]?.ams).toMatchObject({ ams: [{ id: '0', tray: expect.any(Array) }] });
    request(client, { print: { sequence_id: '2', command: 'gcode_line', param: 'M140 S55\n' } });
    sim.printer.advance(1000);
    await vi.waitFor(() =>
      expect(reports.some((report) => report.bed_target_temper === 55)).toBe(true),
    );
    const delta = reports.find((report) => report.bed_target_temper === 55)!;
    expect(delta).toMatchObject({ msg: 1 });
    expect(delta).not.toHaveProperty('gcode_state');
    expect(delta).not.toHaveProperty('nozzle_target_temper');
    client.end(true);
  });

  it('refuses a wrong access code with CONNACK 4, and a third client at once', async () => {
    const wrong = connect('00000000');
    const error = await new Promise<Error & { code?: number }>((resolve) =>
      wrong.once('error', resolve),
    );
    expect(error.code).toBe(4);
    const first = connect('27418093');
    const second = connect('27418093');
    await Promise.all([reportsOf(first), reportsOf(second)]);
    const third = connect('27418093');
    await new Promise<void>((resolve) => third.once('close', () => resolve()));
    expect(third.connected).toBe(false);
    first.end(true);
    second.end(true);
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
