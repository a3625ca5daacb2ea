import WebSocket from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startVirtualMoonraker, type VirtualMoonraker } from './moonraker/server.js';
import { startVirtualOctoPrint, type VirtualOctoPrint } from './octoprint/server.js';
import {
  apiClient,
  readJson,
  restartKlippy,
  RpcClient,
  slicedGcode,
  uploadForm,
  websocketUrl,
  type ApiInit,
  type LooseJson,
} from '../test-support/clients.js';

const KEY = 'FAULTKEY';
let octo: VirtualOctoPrint;
let moon: VirtualMoonraker;
const api = (path: string, init?: ApiInit) => apiClient(octo, { 'X-Api-Key': KEY })(path, init);

async function jobState(): Promise<LooseJson> {
  return readJson(await api('/api/job'));
}

beforeAll(async () => {
  octo = await startVirtualOctoPrint({ speed: 0, apiKey: KEY, tickMs: 10 });
  moon = await startVirtualMoonraker({ speed: 0, tickMs: 10, statusIntervalMs: 20 });
});
afterAll(async () => {
  await octo.close();
  await moon.close();
});
afterEach(async () => {
  octo.faults.clear();
  moon.faults.clear();
  if ((await jobState()).state !== 'Operational') {
    await api('/api/connection', { json: { command: 'connect' } });
    octo.printer.advance(2000);
  }
});

describe('link faults', () => {
  it('a link drop closes the push socket and the JSON-RPC websocket', async () => {
    const push = new WebSocket(`${octo.url.replace('http', 'ws')}/sockjs/websocket`);
    await new Promise((resolve) => push.once('open', resolve));
    const pushClosed = new Promise<number>((resolve) => push.once('close', resolve));
    push.on('error', () => undefined);
    const rpc = await RpcClient.connect(websocketUrl(moon));
    expect(octo.faults.dropLinks()).toBeGreaterThan(0);
    expect(moon.faults.dropLinks()).toBeGreaterThan(0);
    expect(await pushClosed).toBe(1006);
    expect(await rpc.closed).toBe(1006);
    expect((await api('/api/version')).status).toBe(200);
  });

  it('while the link is down new connections fail, and work again once it is up', async () => {
    moon.faults.setLinkDown(true);
    await expect(fetch(`${moon.url}/server/info`)).rejects.toThrow();
    moon.faults.setLinkDown(false);
    expect((await fetch(`${moon.url}/server/info`)).status).toBe(200);
  });

  it('slow answers: a client with a short timeout gives up; ending the fault releases the answer', async () => {
    octo.faults.setSlowAnswers(60_000);
    await expect(api('/api/version', { signal: AbortSignal.timeout(200) })).rejects.toThrow(
      /timeout|abort/i,
    );
    const held = api('/api/version');
    const rpc = await RpcClient.connect(websocketUrl(moon));
    moon.faults.setSlowAnswers(60_000);
    const call = rpc.call('server.info');
    const first = await Promise.race([
      call.then(() => 'answered'),
      new Promise((r) => setTimeout(() => r('waiting'), 100)),
    ]);
    expect(first).toBe('waiting');
    octo.faults.setSlowAnswers(0);
    moon.faults.setSlowAnswers(0);
    expect((await held).status).toBe(200);
    expect(await call).toMatchObject({ klippy_state: 'ready' });
    rpc.close();
  });
});

describe('printer faults on OctoPrint', () => {
  it('an unplugged printer: Offline after error with a serial error; reconnecting times out', async () => {
    await api('/api/files/local', {
      method: 'POST',
      body: uploadForm('unplug.gcode', slicedGcode(600), { print: 'true' }),
    });
    octo.faults.unplugPrinter();
    octo.printer.advance(500);
    const job = await jobState();
    expect(job.state).toBe('Offline after error');
    expect(job.error).toMatch(/^SerialException/);
    expect((await readJson(await api('/api/printer'))).error).toBe('Printer is not operational');
    expect((await readJson(await api('/api/connection'))).current.state).toBe('Closed');
    await api('/api/connection', { json: { command: 'connect' } });
    octo.printer.advance(2000);
    expect((await jobState()).error).toBe(
      'There was a timeout while trying to connect to the printer',
    );
    octo.faults.plugInPrinter();
    await api('/api/connection', { json: { command: 'connect' } });
    octo.printer.advance(2000);
    expect((await jobState()).state).toBe('Operational');
  });

  it('thermal runaway and firmware errors drop the connection with their message', async () => {
    octo.faults.thermalRunaway();
    octo.printer.advance(500);
    expect((await jobState()).error).toBe('MAXTEMP triggered, system stopped! Heater_ID: 0');
    await api('/api/connection', { json: { command: 'connect' } });
    octo.printer.advance(2000);
    octo.faults.firmwareError('Heating failed');
    octo.printer.advance(500);
    expect(await jobState()).toMatchObject({
      state: 'Offline after error',
      error: 'Heating failed',
    });
  });

  it('a printer that stops answering: commands still get 204, progress freezes', async () => {
    await api('/api/files/local', {
      method: 'POST',
      body: uploadForm('silent.gcode', slicedGcode(600), { print: 'true' }),
    });
    octo.printer.advance(100_000);
    octo.faults.setPrinterSilent(true);
    const frozen = (await jobState()).progress.filepos as number;
    octo.printer.advance(100_000);
    expect((await api('/api/printer/command', { json: { command: 'M105' } })).status).toBe(204);
    const job = await jobState();
    expect([job.state, job.progress.filepos]).toEqual(['Printing', frozen]);
    octo.faults.setPrinterSilent(false);
    octo.printer.advance(10_000);
    expect((await jobState()).progress.filepos).toBeGreaterThan(frozen);
    await api('/api/job', { json: { command: 'cancel' } });
    octo.printer.advance(2000);
  });
});

describe('printer faults on Moonraker', () => {
  it('an unplugged printer: Klippy shutdown, then error at restart until plugged in', async () => {
    const rpc = await RpcClient.connect(websocketUrl(moon));
    moon.faults.unplugPrinter();
    await rpc.next('notify_klippy_shutdown');
    const shutdown = (await rpc.call('printer.info')) as LooseJson;
    expect(shutdown.state_message).toMatch(/^Lost communication with MCU 'mcu'\n/);
    await restartKlippy(moon, rpc);
    expect(((await rpc.call('server.info')) as LooseJson).klippy_state).toBe('error');
    moon.faults.plugInPrinter();
    await restartKlippy(moon, rpc);
    await rpc.next('notify_klippy_ready');
    rpc.close();
  });

  it('a Klipper error halts until RESTART; a crashed Klippy stays down until started again', async () => {
    moon.faults.klippyError();
    const error = (await readJson(await fetch(`${moon.url}/printer/info`))).result;
    expect(error.state).toBe('error');
    expect(error.state_message).toMatch(
      /must be specified\n\nOnce the underlying issue is corrected, use the "RESTART"/,
    );
    const rpc = await RpcClient.connect(websocketUrl(moon));
    // the error is in a stepper: every config section was loaded (the bed heater, reading 0:
    // no MCU answered), the toolhead and its extruder were not (klippy/klippy.py `_read_config`)
    const query = async () =>
      (
        (await rpc.call('printer.objects.query', {
          objects: { heater_bed: null, extruder: null, toolhead: null, mcu: null },
        })) as LooseJson
      ).status;
    expect(await query()).toMatchObject({ heater_bed: { temperature: 0, target: 0 }, mcu: {} });
    expect(Object.keys(await query()).sort()).toEqual(['heater_bed', 'mcu']);
    moon.faults.klippyError("Unable to open serial port: [Errno 2] No such file '/dev/x'", 'mcu');
    expect(await query()).toEqual({});
    await rpc.call('printer.gcode.script', { script: 'RESTART' });
    moon.printer.advance(5000);
    expect(((await rpc.call('printer.info')) as LooseJson).state).toBe('ready');
    moon.faults.klippyDisconnect();
    await rpc.next('notify_klippy_disconnected');
    moon.printer.advance(60_000);
    expect((await readJson(await fetch(`${moon.url}/server/info`))).result.klippy_state).toBe(
      'disconnected',
    );
    moon.faults.klippyStart();
    moon.printer.advance(5000);
    await rpc.next('notify_klippy_ready');
    moon.faults.klippyShutdown("MCU 'mcu' shutdown: Timer too close");
    expect(((await rpc.call('printer.info')) as LooseJson).state_message).toMatch(
      /^MCU 'mcu' shutdown: Timer too close/,
    );
    await restartKlippy(moon, rpc);
    rpc.close();
  });
});
