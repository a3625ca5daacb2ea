import { describe, expect, it } from 'vitest';
import { SimulatedClock } from '../clock.js';
import { VirtualPrinter } from '../printer-model/printer.js';
import { printNow } from '../../test-support/clients.js';
import {
  CONNECT_TIMEOUT,
  ESTOP_CLOSED,
  KILLED,
  OctoPrintConnection,
  SERIAL_LOST,
} from './connection.js';

function setup() {
  const printer = new VirtualPrinter({
    clock: new SimulatedClock({ speed: 0 }),
    transitions: { starting: 0.2, cancelling: 0.8 },
  });
  const events: string[] = [];
  const connection = new OctoPrintConnection(printer, (type) => events.push(type));
  return { printer, connection, events };
}

describe('OctoPrintConnection', () => {
  it('detects the port first when none is saved, trying each silent pair 3 × 2 s (issue 30)', () => {
    const { printer, connection, events } = setup();
    connection.savedPort = null;
    connection.connect(null, 0);
    expect(connection.stateText()).toBe('Detecting serial connection');
    expect(connection.stateId()).toBe('DETECT_SERIAL');
    // /dev/ttyACM0 at 115200 and 250000 (two ports: two baudrates), three hellos of 2 s each
    printer.advance(12_900);
    expect(connection.stateText()).toBe('Detecting serial connection');
    printer.advance(200);
    // the first answer makes it Operational: no Opening, no Connecting on this path
    expect(connection.stateText()).toBe('Operational');
    expect([connection.port, connection.baudrate]).toEqual(['VIRTUAL', 115200]);
    expect(events).toEqual(['Connecting', 'Connected']);
  });

  it('detects only the baudrate when the port is given without one', () => {
    const { printer, connection } = setup();
    connection.connect('VIRTUAL', 0);
    expect(connection.stateText()).toBe('Detecting serial connection');
    printer.advance(1100);
    expect(connection.stateText()).toBe('Operational');
  });

  it('gives up after every pair went unanswered', () => {
    const { printer, connection } = setup();
    connection.detection = { ...connection.detection, ports: ['/dev/ttyUSB0', '/dev/ttyS0'] };
    connection.connect('AUTO', 0);
    printer.advance(23_900); // 2 ports × 2 baudrates × 3 hellos × 2 s
    expect(connection.stateText()).toBe('Detecting serial connection');
    printer.advance(300);
    expect(connection.error).toBe(
      'No more candidates to test, and no working port/baudrate combination detected.',
    );
  });

  it('goes Offline → Opening serial connection → Connecting → Operational', () => {
    const { printer, connection, events } = setup();
    expect(connection.stateText()).toBe('Offline');
    expect(connection.flags()).toMatchObject({
      operational: false,
      closedOrError: true,
      ready: false,
    });
    connection.connect();
    expect(connection.stateText()).toBe('Opening serial connection');
    expect(connection.flags().closedOrError).toBe(false);
    printer.advance(300);
    expect(connection.stateText()).toBe('Connecting');
    printer.advance(1000);
    expect(connection.stateText()).toBe('Operational');
    expect(connection.flags()).toMatchObject({ operational: true, ready: true, printing: false });
    expect(events).toEqual(['Connecting', 'Connected']);
  });

  it('times out connecting to a printer without power', () => {
    const { printer, connection } = setup();
    printer.setPower(false);
    connection.connect();
    printer.advance(2000);
    expect(connection.stateText()).toBe('Offline after error');
    expect(connection.error).toBe(CONNECT_TIMEOUT);
  });

  it('maps job phases to OctoPrint texts and flags, paused is not printing (1.x)', () => {
    const { printer, connection } = setup();
    connection.connectedAtBoot();
    printNow(printer, 'a.gcode', ';TIME:100\n');
    expect(connection.stateText()).toBe('Starting');
    printer.advance(1000);
    expect(connection.stateText()).toBe('Printing');
    printer.jobs.pause();
    expect(connection.stateText()).toBe('Paused');
    expect(connection.flags()).toMatchObject({ paused: true, printing: false, operational: true });
    printer.jobs.cancel();
    expect(connection.flags()).toMatchObject({ cancelling: true, printing: true });
    printer.advance(1000);
    expect(connection.stateText()).toBe('Operational');
  });

  it('on a lost link: Error, then Offline after error with flags.error false (A.2)', () => {
    const { printer, connection } = setup();
    connection.connectedAtBoot();
    printer.setCableConnected(false);
    expect(connection.stateText()).toBe('Error');
    expect(connection.flags()).toMatchObject({ error: true, closedOrError: true });
    printer.advance(200);
    expect(connection.stateText()).toBe('Offline after error');
    expect(connection.flags()).toMatchObject({
      error: false,
      closedOrError: true,
      operational: false,
    });
    expect(connection.error).toBe(SERIAL_LOST);
    expect(connection.stateId()).toBe('CLOSED_WITH_ERROR');
  });

  it('closes the port at once after M112, with its own words and events (issue 30)', async () => {
    const { printer, connection, events } = setup();
    connection.connectedAtBoot();
    await printer.execute('M112');
    expect(connection.stateText()).toBe('Offline after error');
    expect(connection.error).toBe(ESTOP_CLOSED);
    expect(events).toEqual(['Disconnected', 'EStop']);
  });

  it('reports a kill() when the firmware halts by itself', () => {
    const { printer, connection } = setup();
    connection.connectedAtBoot();
    printer.halt(KILLED);
    printer.events.emit('halt', 'kill');
    expect(connection.error).toBe(KILLED);
  });
});
