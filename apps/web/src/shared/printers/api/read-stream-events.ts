/** One server-sent event, or a comment (the server's heartbeat). */
export type StreamMessage = { kind: 'event'; name: string; data: string } | { kind: 'comment' };

/**
 * Splits a text/event-stream body into its events as chunks arrive (WHATWG HTML §9.2.6, the
 * fields this server sends: `event`, `data`, `retry`, comments). Returns what is left over.
 */
export function readStreamEvents(buffered: string, onMessage: (message: StreamMessage) => void) {
  const text = buffered.replace(/\r\n?/g, '\n');
  let start = 0;
  let end = text.indexOf('\n\n', start);
  while (end >= 0) {
    const lines = text.slice(start, end).split('\n');
    let name = 'message';
    const data: string[] = [];
    let isComment = lines.length > 0;
    for (const line of lines) {
      if (line.startsWith(':')) continue;
      isComment = false;
      const colon = line.indexOf(':');
      const field = colon < 0 ? line : line.slice(0, colon);
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
      if (field === 'event') name = value;
      else if (field === 'data') data.push(value);
    }
    if (isComment) onMessage({ kind: 'comment' });
    else if (data.length > 0) onMessage({ kind: 'event', name, data: data.join('\n') });
    start = end + 2;
    end = text.indexOf('\n\n', start);
  }
  return text.slice(start);
}
