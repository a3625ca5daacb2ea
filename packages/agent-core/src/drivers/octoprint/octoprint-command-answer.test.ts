import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CommandAnswerWatch } from './octoprint-command-answer.js';

const TIMING = { answerMs: 1000, longestMs: 5000 };
const REFUSAL = 'Recv: echo:Unknown command: "FOO"';
const never = new AbortController().signal;

/** Where the watch stands: its answer once settled, or `waiting`. */
function follow(promise: Promise<string | null>): () => string | null | 'waiting' {
  let settled: { answer: string | null } | null = null;
  void promise.then((answer) => (settled = { answer }));
  return () => (settled ? settled.answer : 'waiting');
}

/** Lets the promise callbacks run after the fake clock moved. */
const turn = () => vi.advanceTimersByTimeAsync(0);

describe('CommandAnswerWatch: when silence counts as accepted', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('takes a refusal heard before the 204 (its Send: may overtake it) at once', async () => {
    const watch = new CommandAnswerWatch(['FOO'], TIMING);
    watch.hear(['Send: FOO', REFUSAL]);
    const state = follow(watch.refusal(never));
    await turn();
    expect(state()).toBe('echo:Unknown command: "FOO"');
  });

  it('is silent after answerMs and two pushes without a refusal, not before either', async () => {
    const watch = new CommandAnswerWatch(['M115'], TIMING);
    const state = follow(watch.refusal(never));
    watch.hear(['Send: M115']);
    watch.hear(['Recv: FIRMWARE_NAME:Virtual Marlin 1.0']);
    await vi.advanceTimersByTimeAsync(999);
    expect(state()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBeNull();
  });

  it('waits past answerMs for the pushes of a busy host, and takes a refusal in the second', async () => {
    const watch = new CommandAnswerWatch(['FOO'], TIMING);
    const state = follow(watch.refusal(never));
    await vi.advanceTimersByTimeAsync(1500);
    watch.hear(['Send: FOO']);
    await turn();
    expect(state()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1200);
    watch.hear([REFUSAL]);
    await turn();
    expect(state()).toBe('echo:Unknown command: "FOO"');
  });

  it('counts only pushes after the 204, and gives up at longestMs when none come', async () => {
    const watch = new CommandAnswerWatch(['G28'], TIMING);
    watch.hear(['Send: G28']);
    watch.hear([]);
    const state = follow(watch.refusal(never));
    await vi.advanceTimersByTimeAsync(4999);
    expect(state()).toBe('waiting');
    await vi.advanceTimersByTimeAsync(1);
    expect(state()).toBeNull();
  });

  it('ignores an unknown-command echo for another command, and ends when the command is aborted', async () => {
    const watch = new CommandAnswerWatch(['M115'], TIMING);
    const abort = new AbortController();
    const state = follow(watch.refusal(abort.signal));
    watch.hear([REFUSAL]);
    await turn();
    expect(state()).toBe('waiting');
    abort.abort();
    await turn();
    expect(state()).toBeNull();
  });
});
