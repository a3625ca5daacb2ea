import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestKey } from './auth.js';

const keyOf = (authorization: string, url = 'http://printer.test/api/version') =>
  requestKey({ headers: { authorization } } as IncomingMessage, new URL(url));

describe('requestKey (checklist C25)', () => {
  it('reads the bearer token, trimmed, and falls back to ?apikey=', () => {
    expect(keyOf('Bearer  KEY1 ')).toBe('KEY1');
    expect(keyOf('Bearer ', 'http://printer.test/api/version?apikey=K2')).toBe('K2');
  });

  it('reads a token after 50,000 spaces and an empty one from spaces only', () => {
    expect(keyOf(`Bearer${' '.repeat(50_000)}KEY`)).toBe('KEY');
    expect(keyOf(`Bearer${' '.repeat(50_000)}`)).toBe('');
  });
});
