import { describe, expect, it } from 'vitest';
import { describeConnectFailure } from './connect-failure';

describe('why a try to reach the server failed', () => {
  it("names the server's close code and reason when it turned the agent away", () => {
    expect(describeConnectFailure(null, null, { code: 4408, reason: 'no hello in time' })).toBe(
      'the server closed the connection before accepting the agent (4408 no hello in time)',
    );
    expect(describeConnectFailure(null, null, { code: 1012, reason: '' })).toBe(
      'the server closed the connection before accepting the agent (1012)',
    );
  });

  it('says only that it closed when no close frame came', () => {
    for (const code of [1005, 1006]) {
      expect(describeConnectFailure(null, null, { code, reason: '' })).toBe(
        'the connection closed before the server accepted the agent',
      );
    }
    expect(describeConnectFailure(null, null)).toBe(
      'the connection closed before the server accepted the agent',
    );
  });

  it('puts a network error before the close code', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(describeConnectFailure(refused, null, { code: 1006, reason: '' })).toMatch(
      /^connection refused/,
    );
  });
});
