import type { KlipperGcodeStoreResult } from '@printdeck/shared';
import { boundDeviceText } from '../host-http.js';

/**
 * Terminal lines that are noise in a console: OctoPrint's own default terminal filters
 * (src/octoprint/settings/__init__.py `terminalFilters`: temperature, SD status, position,
 * `wait` and `busy: processing`), the lines of a print (OctoPrint numbers every line it sends
 * while printing, util/comm.py `_do_send_with_checksum`) and the bare `ok` each line gets.
 */
const NOISE_LINE =
  /^(?:Send: (?:N\d+\s+)?M105|Recv:\s+(?:ok\s+(?:[PBN]\d+\s+)*)?(?:[BCLPR]|T\d*):-?\d|Send: (?:N\d+\s+)?M27|Recv: SD printing byte|Recv: Not SD printing|Send:\s+(?:N\d+\s+)?M114|Recv:\s+(?:ok\s+)?X:[+-]?[\d.]+\s+Y:|Recv: wait|Recv: (?:echo:\s*)?busy:\s*processing|Send: N\d+\s|Recv: ok(?:\s+[PBN]\d+)*\s*$)/;

/**
 * The push socket's `logs` subscription (src/octoprint/server/util/sockjs.py: a string is a
 * pattern each terminal line must match): every line but the noise, so a print's thousands of
 * lines never leave OctoPrint. Python's `re` reads it as JavaScript does.
 */
export const TERMINAL_SUBSCRIPTION = `^(?!${NOISE_LINE.source.slice(1)})`;

/** A printer's own words that refuse a typed command (Marlin's echoes, reference A.4). */
const UNKNOWN_COMMAND = /^Recv: echo: ?Unknown command/i;
const COLD_EXTRUSION = /^Recv: echo: ?cold extrusion prevented/i;

/** The most lines kept, as many as the Moonraker driver asks of Klipper's G-code store. */
const MAX_ENTRIES = 100;
/** A console line is longer than a status text, but still bounded (device text is untrusted). */
const MAX_LINE_CHARS = 2000;
/** How long a typed command waits for OctoPrint's `Send:` echo before it is no longer awaited. */
const ECHO_WAIT_MS = 10_000;

/** Whether a terminal line is a printer's refusal of one of `commands`, and its words. */
export function findRefusal(line: string, commands: readonly string[]): string | null {
  if (COLD_EXTRUSION.test(line)) return line.replace(/^Recv:\s*/, '');
  if (!UNKNOWN_COMMAND.test(line)) return null;
  const words = commands.map((sent) => sent.trim().split(/\s+/)[0] ?? '').filter(Boolean);
  return words.some((word) => line.includes(word)) ? line.replace(/^Recv:\s*/, '') : null;
}

/**
 * OctoPrint's terminal as a console history, the shape Klipper's G-code store has: commands
 * typed through Printdeck (OctoPrint numbers them mid-print, so they are noted as sent), the
 * other `Send:` lines as commands and the printer's answers as responses, without the noise.
 */
export class OctoPrintTerminal {
  readonly #entries: KlipperGcodeStoreResult = [];
  /** typed commands whose `Send:` echo may still come: it is not shown twice */
  #awaitingEcho: Array<{ text: string; at: number }> = [];

  constructor(private readonly now: () => number = Date.now) {}

  /** Commands typed through Printdeck, shown at once. */
  noteTyped(commands: readonly string[]): void {
    const at = this.now();
    for (const command of commands) {
      const text = command.trim();
      if (text === '') continue;
      this.#push('command', text, at);
      this.#awaitingEcho.push({ text, at });
    }
  }

  /** Terminal lines from a `current` or `history` message, in order. */
  addLines(lines: readonly unknown[]): void {
    const at = this.now();
    this.#awaitingEcho = this.#awaitingEcho.filter((typed) => at - typed.at < ECHO_WAIT_MS);
    for (const line of lines) {
      if (typeof line !== 'string' || NOISE_LINE.test(line)) continue;
      if (line.startsWith('Send: ')) this.#addSent(line.slice('Send: '.length).trim(), at);
      else this.#push('response', line.replace(/^Recv: ?/, ''), at);
    }
  }

  /** The history, oldest first, `time` in Unix seconds. */
  entries(): KlipperGcodeStoreResult {
    return this.#entries.map((entry) => ({ ...entry }));
  }

  #addSent(text: string, at: number): void {
    const echoed = this.#awaitingEcho.findIndex((typed) => typed.text === text);
    if (echoed >= 0) this.#awaitingEcho.splice(echoed, 1);
    else this.#push('command', text, at);
  }

  #push(type: 'command' | 'response', message: string, at: number): void {
    if (message.trim() === '') return;
    this.#entries.push({
      time: at / 1000,
      type,
      message: boundDeviceText(message, MAX_LINE_CHARS),
    });
    if (this.#entries.length > MAX_ENTRIES) this.#entries.shift();
  }
}
