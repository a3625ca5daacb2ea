import { applyStatesDelta } from '@printdeck/shared';
import { eventually } from './fake-agent.js';

export interface StreamEvent {
  name: string;
  data: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- tests read any shape
}

export interface StatesStreamReader {
  status: number;
  events: StreamEvent[];
  /** the list as a tab holds it: the snapshot with every delta since applied */
  states: () => Array<{ printer_id: number }>;
  /** `: ping` comments received so far */
  pings: () => number;
  /** settles when the server ends or drops the stream */
  ended: Promise<void>;
  /** the first event at or after `from` that passes the check */
  waitFor(
    check: (event: StreamEvent) => boolean,
    from?: number,
    timeoutMs?: number,
  ): Promise<StreamEvent>;
  close(): void;
}

/** Opens a workspace's printer states stream over real HTTP and parses its events as they come. */
export async function openStatesStream(
  baseUrl: string,
  workspaceId: number,
  token: string,
  etag?: string,
): Promise<StatesStreamReader> {
  const abort = new AbortController();
  const response = await fetch(`${baseUrl}/api/groups/${workspaceId}/devices-states/stream/`, {
    headers: { authorization: `Bearer ${token}`, ...(etag ? { 'if-none-match': etag } : {}) },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  let pings = 0;
  let states: Array<{ printer_id: number }> = [];
  const apply = (event: StreamEvent) => {
    if (event.name === 'snapshot') states = event.data.states;
    if (event.name === 'delta') states = applyStatesDelta(states, event.data).states;
  };
  const read = async () => {
    if (response.status !== 200 || !response.body) return;
    const decoder = new TextDecoder();
    let buffered = '';
    try {
      for await (const chunk of response.body) {
        buffered += decoder.decode(chunk as Uint8Array, { stream: true });
        let end = buffered.indexOf('\n\n');
        while (end >= 0) {
          const block = buffered.slice(0, end);
          buffered = buffered.slice(end + 2);
          end = buffered.indexOf('\n\n');
          if (block.startsWith(':')) pings += 1;
          const name = /^event: (.*)$/m.exec(block)?.[1];
          const data = /^data: (.*)$/m.exec(block)?.[1];
          if (!name || !data) continue;
          const event = { name, data: JSON.parse(data) };
          apply(event);
          events.push(event);
        }
      }
    } catch {
      // aborted or reset: the stream ended
    }
  };
  const ended = read();
  return {
    status: response.status,
    events,
    states: () => states,
    pings: () => pings,
    ended,
    waitFor: (check, from = 0, timeoutMs = 5000) =>
      eventually(async () => {
        const found = events.slice(from).find(check);
        if (!found) throw new Error(`no such event yet (${events.length} events)`);
        return found;
      }, timeoutMs),
    close: () => abort.abort(),
  };
}
