import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import mqtt, { type MqttClient } from 'mqtt';
import { findFreePort } from './free-port.js';

/** Debian's broker (`apt-get install mosquitto`; .ci/run installs it when missing). */
export const MOSQUITTO_BIN = process.env.MOSQUITTO_BIN ?? '/usr/sbin/mosquitto';

export interface TestBroker {
  url: string;
  port: number;
  /** stops the broker (as a crash would: SIGKILL) */
  kill(): Promise<void>;
  /** starts it again on the same port */
  restart(): Promise<void>;
  close(): Promise<void>;
}

async function waitForBroker(url: string, child: ChildProcess): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`mosquitto exited with ${child.exitCode}`);
    const ok = await new Promise<boolean>((resolve) => {
      const probe = mqtt.connect(url, { reconnectPeriod: 0, connectTimeout: 1000 });
      probe.once('connect', () => (probe.end(true), resolve(true)));
      // a refused CONNECT (a numeric CONNACK code) is a broker that listens
      probe.once(
        'error',
        (error) => (
          probe.end(true),
          resolve(typeof (error as { code?: unknown }).code === 'number')
        ),
      );
      probe.once('close', () => resolve(false));
    });
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 25)); // polling the port while it opens
  }
  throw new Error(`mosquitto did not listen at ${url}`);
}

/** A real Mosquitto of the test's own on a free port, in memory; anonymous unless told not. */
export async function startMosquitto(
  options: { allowAnonymous?: boolean } = {},
): Promise<TestBroker> {
  if (!existsSync(MOSQUITTO_BIN)) {
    throw new Error(
      `${MOSQUITTO_BIN} is missing: apt-get install mosquitto (or set MOSQUITTO_BIN)`,
    );
  }
  const port = await findFreePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'printdeck-mosquitto-'));
  const configFile = path.join(dir, 'mosquitto.conf');
  await writeFile(
    configFile,
    [
      `listener ${port} 127.0.0.1`,
      `allow_anonymous ${options.allowAnonymous === false ? 'false' : 'true'}`,
      'persistence false',
      '',
    ].join('\n'),
  );
  const url = `mqtt://127.0.0.1:${port}`;
  let child: ChildProcess;
  const launch = async () => {
    child = spawn(MOSQUITTO_BIN, ['-c', configFile], { stdio: 'ignore' });
    await waitForBroker(url, child);
  };
  const kill = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await exited;
  };
  await launch();
  return {
    url,
    port,
    kill,
    restart: launch,
    async close() {
      await kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** A client that records every message on the topics it subscribes to (retained ones too). */
export async function watchTopics(url: string, filters: string[]) {
  const client: MqttClient = await mqtt.connectAsync(url, { reconnectPeriod: 0 });
  const messages = new Map<string, Buffer>();
  const log: Array<{ topic: string; payload: Buffer }> = [];
  client.on('message', (topic, payload) => {
    messages.set(topic, payload);
    log.push({ topic, payload });
  });
  await client.subscribeAsync(filters, { qos: 1 });
  return {
    client,
    /** the newest payload per topic */
    latest: messages,
    log,
    json: (topic: string) => {
      const payload = messages.get(topic);
      if (!payload?.length) return null;
      // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
      return JSON.parse(payload.toString()) as Record<string, any>;
    },
    close: () => client.endAsync(),
  };
}
