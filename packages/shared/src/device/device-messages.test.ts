import { describe, expect, it } from 'vitest';
import { AgentMessageSchema, describeBadMessage } from './device-messages.schema.js';

const reasonFor = (message: unknown) => {
  const result = AgentMessageSchema.safeParse(message);
  if (result.success) throw new Error('the message was accepted');
  return describeBadMessage(result.error);
};

describe('AgentMessageSchema', () => {
  it('accepts each kind of message an agent sends', () => {
    const messages = [
      { type: 'hello', protocol: 1, agent_version: '1.2.0', driver: 'octoprint', capabilities: [] },
      {
        type: 'state',
        kind: 'patch',
        state: {
          temperature: { tool0: { actual: 200, target: 215 }, bed: { actual: 60, target: 60 } },
        },
      },
      { type: 'response', id: 'r1', ok: true, result: { files: [] } },
      {
        type: 'response',
        id: 'r2',
        ok: false,
        error: { code: 'not-operational', message: 'printing' },
      },
      { type: 'event', name: 'job_started', job_id: 7, data: { file: 'a.gcode' } },
      { type: 'ping', at: 1 },
      { type: 'pong', at: 2 },
    ];
    for (const message of messages)
      expect(AgentMessageSchema.parse(message)).toMatchObject({ type: message.type });
  });

  it('names where a bad message is wrong and why', () => {
    expect(reasonFor({ type: 'nope' })).toMatch(/^type: .*'hello' \| 'state'/);
    expect(reasonFor({ type: 'state', kind: 'patch', state: { temperature: 5 } })).toBe(
      'state.temperature: Invalid input: expected object, received number',
    );
    expect(reasonFor({ type: 'hello', protocol: 'x' })).toMatch(/^protocol: .*expected number/);
    expect(reasonFor({ type: 'response', id: 'r1', ok: 'maybe' })).toMatch(/^ok: /);
    expect(reasonFor(null)).toMatch(/expected object, received null/);
  });
});
