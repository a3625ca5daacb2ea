import { describe, expect, it } from 'vitest';
import { findRefusal, OctoPrintTerminal, TERMINAL_SUBSCRIPTION } from './octoprint-terminal.js';

/** Lines as OctoPrint 1.11 writes them to its terminal, noise first. */
const NOISE = [
  'Send: M105',
  'Send: N12 M105*34',
  'Recv: ok T:21.30 /0.00 B:21.30 /0.00 @:64',
  'Recv:  T:210.02 /210.00 B:60.00 /60.00 @:64 B@:0',
  'Recv: T:21.30 /0.00 B:21.30 /0.00 @:64',
  'Recv: ok P15 B3',
  'Recv: ok',
  'Recv: wait',
  'Recv: echo:busy: processing',
  'Send: M27',
  'Recv: SD printing byte 1234/5678',
  'Recv: Not SD printing',
  'Send: M114',
  'Recv: X:10.00 Y:3.20 Z:5.20 E:1.24 Count X:0 Y:0 Z:0',
  'Send: N1234 G1 X10.5 Y20 E0.4*87',
];
const KEPT = [
  'Send: M115',
  'Recv: FIRMWARE_NAME:Marlin 2.1 PROTOCOL_VERSION:1.0',
  'Recv: echo:Unknown command: "FOO"',
  'Recv: echo: cold extrusion prevented',
  "Changing monitoring state from 'Operational' to 'Printing'",
  'Recv: ok T:', // not a report: no reading
];

const at = (seconds: number) => () => seconds * 1000;

describe('OctoPrint terminal as a console', () => {
  it('subscribes to every line but the noise (the pattern OctoPrint matches each line with)', () => {
    const subscription = new RegExp(TERMINAL_SUBSCRIPTION);
    for (const line of NOISE) expect(subscription.test(line), line).toBe(false);
    for (const line of KEPT) expect(subscription.test(line), line).toBe(true);
  });

  it('keeps commands and answers, drops the noise, times in Unix seconds', () => {
    const terminal = new OctoPrintTerminal(at(1_700_000_000));
    terminal.addLines([...NOISE, ...KEPT.slice(0, 3), 42]);
    expect(terminal.entries()).toEqual([
      { time: 1_700_000_000, type: 'command', message: 'M115' },
      {
        time: 1_700_000_000,
        type: 'response',
        message: 'FIRMWARE_NAME:Marlin 2.1 PROTOCOL_VERSION:1.0',
      },
      { time: 1_700_000_000, type: 'response', message: 'echo:Unknown command: "FOO"' },
    ]);
  });

  it('shows a typed command once: at once, and not again for its echo', () => {
    let now = 1000;
    const terminal = new OctoPrintTerminal(() => now);
    terminal.noteTyped(['M115', '  ', 'G28 X']);
    terminal.addLines(['Send: M115', 'Recv: FIRMWARE_NAME:X', 'Send: G28 X']);
    // typed in OctoPrint's own terminal: no note, so its echo is the command
    terminal.addLines(['Send: M115']);
    expect(terminal.entries().map((entry) => `${entry.type} ${entry.message}`)).toEqual([
      'command M115',
      'command G28 X',
      'response FIRMWARE_NAME:X',
      'command M115',
    ]);
    // an echo that never came (mid-print the line is numbered and left out) is not awaited forever
    terminal.noteTyped(['M117 Hi']);
    now += 11_000;
    terminal.addLines(['Send: M117 Hi']);
    expect(terminal.entries().filter((entry) => entry.message === 'M117 Hi')).toHaveLength(2);
  });

  it('keeps the newest 100 entries, each bounded', () => {
    const terminal = new OctoPrintTerminal(at(1));
    terminal.addLines(Array.from({ length: 150 }, (_, index) => `Recv: line ${index}`));
    terminal.addLines([`Recv: ${'x'.repeat(5000)}`]);
    const entries = terminal.entries();
    expect(entries).toHaveLength(100);
    expect(entries[0]?.message).toBe('line 51');
    expect(entries[99]?.message.length).toBeLessThanOrEqual(2000);
  });

  it("finds a refusal of the typed command in the printer's words", () => {
    expect(findRefusal('Recv: echo:Unknown command: "FOO"', ['FOO'])).toBe(
      'echo:Unknown command: "FOO"',
    );
    expect(findRefusal('Recv: echo:Unknown command: "BAR"', ['FOO'])).toBeNull();
    expect(findRefusal('Recv: echo: cold extrusion prevented', ['G1 E5'])).toBe(
      'echo: cold extrusion prevented',
    );
    expect(findRefusal('Send: FOO', ['FOO'])).toBeNull();
    expect(findRefusal('Recv: ok', ['FOO'])).toBeNull();
  });
});
