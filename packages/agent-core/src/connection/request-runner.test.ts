import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentMessage, DeviceCommand } from '@printdeck/shared';
import { CommandFailed } from '../drivers/driver.js';
import { silentLogger } from '../log.js';
import { RequestRunner } from './request-runner.js';

type Execute = (command: DeviceCommand, signal: AbortSignal) => Promise<unknown>;

function setUp(execute: Execute) {
  const sent: AgentMessage[] = [];
  const runner = new RequestRunner({
    execute,
    send: (message) => sent.push(message) > 0,
    log: silentLogger,
    answerMarginMs: 100,
  });
  const request = (id: string, command: DeviceCommand, timeout_ms = 1000) =>
    runner.handle({ type: 'request', id, timeout_ms, command });
  return { sent, runner, request };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('RequestRunner', () => {
  afterEach(() => vi.useRealTimers());

  it('answers a result, and null for a command without one', async () => {
    const { sent, request } = setUp(async (command) =>
      command.name === 'list_files' ? [{ path: 'a.gcode', size: 3 }] : undefined,
    );
    request('1', { name: 'list_files' });
    request('2', { name: 'pause' });
    await settle();
    expect(sent).toEqual([
      { type: 'response', id: '1', ok: true, result: [{ path: 'a.gcode', size: 3 }] },
      { type: 'response', id: '2', ok: true, result: null },
    ]);
  });

  it('answers a refusal with its code, and anything else as internal without details', async () => {
    const { sent, request } = setUp(async (command) => {
      if (command.name === 'move_head')
        throw new CommandFailed('axis-homing-required', 'Klipper: Must home axis first');
      throw new Error('secret stack detail');
    });
    request('1', { name: 'move_head', axis: 'x', distance: 10 });
    request('2', { name: 'pause' });
    await settle();
    expect(sent).toEqual([
      {
        type: 'response',
        id: '1',
        ok: false,
        error: { code: 'axis-homing-required', message: 'Klipper: Must home axis first' },
      },
      {
        type: 'response',
        id: '2',
        ok: false,
        error: { code: 'internal', message: 'The agent failed to run the command.' },
      },
    ]);
  });

  it('answers before the timeout, once, and aborts the command', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | null = null;
    let finish: () => void = () => undefined;
    const { sent, request } = setUp(
      (_command, s) => ((signal = s), new Promise<void>((resolve) => (finish = resolve))),
    );
    request('slow', { name: 'home_head', axes: ['x'] }, 1000);
    await vi.advanceTimersByTimeAsync(899);
    expect(sent).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(sent).toEqual([
      {
        type: 'response',
        id: 'slow',
        ok: false,
        error: expect.objectContaining({ code: 'timeout' }),
      },
    ]);
    expect(signal!.aborted).toBe(true);
    finish();
    await vi.advanceTimersByTimeAsync(10);
    expect(sent).toHaveLength(1);
  });

  it('never runs a request id twice: a repeat gets the same answer again', async () => {
    const runs: string[] = [];
    const { sent, request } = setUp(async (command) => void runs.push(command.name));
    const start: DeviceCommand = { name: 'start_local_file', path: 'a.gcode' };
    request('same', start);
    request('same', start); // still running: ignored
    await settle();
    request('same', start); // done: the answer again, not a second start
    await settle();
    expect(runs).toEqual(['start_local_file']);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toEqual(sent[1]);
  });

  it('refuses what it cannot read, once', () => {
    const { sent, runner } = setUp(async () => null);
    runner.refuse('x', 'teleport');
    runner.refuse('y', 'move_head');
    runner.refuse('x', 'teleport');
    expect(sent).toEqual([
      {
        type: 'response',
        id: 'x',
        ok: false,
        error: { code: 'not-supported', message: expect.stringContaining('teleport') },
      },
      {
        type: 'response',
        id: 'y',
        ok: false,
        error: { code: 'invalid-command', message: expect.any(String) },
      },
    ]);
  });

  it('a lost link aborts what is running', async () => {
    let signal: AbortSignal | null = null;
    const { runner, request } = setUp((_c, s) => ((signal = s), new Promise(() => undefined)));
    request('1', { name: 'snapshot' });
    runner.abortAll();
    expect(signal!.aborted).toBe(true);
  });
});
