import { describe, expect, it } from 'vitest';
import { readStreamEvents, type StreamMessage } from './read-stream-events';

describe('readStreamEvents', () => {
  it('reads events and comments split anywhere across chunks, keeping the unfinished rest', () => {
    const messages: StreamMessage[] = [];
    const body = 'retry: 5000\n\n: ping\n\nevent: delta\ndata: {"changed":[]}\n\nevent: snap';
    let rest = '';
    for (const char of body) rest = readStreamEvents(rest + char, (m) => messages.push(m));
    expect(messages).toEqual([
      { kind: 'comment' },
      { kind: 'event', name: 'delta', data: '{"changed":[]}' },
    ]);
    expect(rest).toBe('event: snap');
  });
});
