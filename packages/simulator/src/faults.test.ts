import { describe, expect, it } from 'vitest';
import { LinkFaults, runFaultCommand, type FaultCommand } from './faults.js';

describe('LinkFaults', () => {
  it('answers at once without a fault', async () => {
    await expect(new LinkFaults().answerGate()).resolves.toBeUndefined();
  });

  it('holds answers while slow, and ending the fault releases them', async () => {
    const links = new LinkFaults();
    links.setSlowAnswers(60_000);
    let released = false;
    const held = links.answerGate().then(() => (released = true));
    await new Promise((resolve) => setImmediate(resolve));
    expect(released).toBe(false);
    links.setSlowAnswers(0);
    await held;
    expect(released).toBe(true);
  });

  it('refuses a delay outside 0..10 minutes', () => {
    expect(() => new LinkFaults().setSlowAnswers(-1)).toThrow(RangeError);
    expect(() => new LinkFaults().setSlowAnswers(Infinity)).toThrow(RangeError);
  });
});

describe('runFaultCommand', () => {
  const calls: string[][] = [];
  const commands: Record<string, FaultCommand> = {
    slow: { usage: 'slow <ms>', run: (args) => (calls.push(args), 'ok') },
    boom: {
      usage: 'boom',
      run: () => {
        throw new Error('bad value');
      },
    },
  };

  it('runs a command with its arguments, case-insensitively', () => {
    expect(runFaultCommand(commands, '  SLOW 2000 ')).toBe('ok');
    expect(calls.at(-1)).toEqual(['2000']);
  });

  it('lists the commands for help or an unknown word, and reports errors', () => {
    expect(runFaultCommand(commands, 'help')).toContain('slow <ms>');
    expect(runFaultCommand(commands, 'nonsense')).toContain('boom');
    expect(runFaultCommand(commands, 'boom')).toBe('error: bad value');
    expect(runFaultCommand(commands, '')).toBe('');
  });
});
