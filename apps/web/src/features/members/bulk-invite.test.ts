import { describe, expect, it } from 'vitest';
import {
  countAnalysis,
  countInvalidLines,
  getInvitableEmails,
  getUniqueEmails,
  inviteInSequence,
  parseBulkInviteLines,
  type InviteLogEntry,
} from './bulk-invite';

describe('bulk invite lines', () => {
  it('trims, lower-cases, marks and skips empty lines', () => {
    const lines = parseBulkInviteLines(' Ada@Example.com \n\nnot-an-email\nada@example.com\n');
    expect(lines).toEqual([
      { line: 1, email: 'ada@example.com', isValid: true },
      { line: 3, email: 'not-an-email', isValid: false },
      { line: 4, email: 'ada@example.com', isValid: true },
    ]);
    expect(countInvalidLines(lines)).toBe(1);
    expect(getUniqueEmails(lines)).toEqual(['ada@example.com']);
  });

  it('counts twenty lines with three invalid', () => {
    const text = Array.from({ length: 20 }, (_, i) => (i < 3 ? `bad ${i}` : `u${i}@x.io`)).join(
      '\n',
    );
    expect(countInvalidLines(parseBulkInviteLines(text))).toBe(3);
  });
});

describe('bulk invite analysis', () => {
  const analysis = {
    results: [
      { email: 'a@x.io', status: 'new' as const },
      { email: 'b@x.io', status: 'new' as const },
      { email: 'c@x.io', status: 'invited' as const },
      { email: 'd@x.io', status: 'member' as const },
    ],
    missing: [{ userId: 1, email: 'e@x.io', role: 'user' as const }],
  };

  it('counts unique, existing, new, already invited and missing', () => {
    expect(countAnalysis(analysis)).toEqual({
      unique: 4,
      existing: 1,
      new: 2,
      alreadyInvited: 1,
      missing: 1,
    });
    expect(getInvitableEmails(analysis)).toEqual(['a@x.io', 'b@x.io']);
  });

  it('invites one at a time with a pause between', async () => {
    const pauses: number[] = [];
    const log: InviteLogEntry[] = [];
    await inviteInSequence({
      emails: ['a@x.io', 'b@x.io', 'c@x.io'],
      invite: (email) =>
        email === 'b@x.io'
          ? Promise.reject(new Error('User already invited'))
          : Promise.resolve('invited'),
      pauseMs: 100,
      sleep: (ms) => {
        pauses.push(ms);
        return Promise.resolve();
      },
      onEntry: (entry) => log.push(entry),
    });
    expect(pauses).toEqual([100, 100]);
    expect(log.map((entry) => entry.outcome)).toEqual(['invited', 'failed', 'invited']);
    expect(log[1]?.message).toBe('User already invited');
  });
});

describe('e-mail pattern on adversarial lines (checklist C25)', () => {
  it('rejects a domain of 50,000 dots ending in @ and accepts a long dotted domain', () => {
    const [dots] = parseBulkInviteLines(`a@${'.'.repeat(50_000)}@`);
    expect(dots?.isValid).toBe(false);
    const [dotted] = parseBulkInviteLines(`a@${'b.'.repeat(25_000)}cz`);
    expect(dotted?.isValid).toBe(true);
    expect(parseBulkInviteLines('a@.b.c\na@b.\na@.b')).toMatchObject([
      { isValid: true },
      { isValid: false },
      { isValid: false },
    ]);
  });
});
