/**
 * A child process of `bench:gateway`: the pollers, one per workspace, each reading its
 * workspace's devices-states every 2 s as an open printers page does. In a process of their own
 * they time the server's answers, not the bench's other work: in the bench's process their p99
 * doubled with its probes and its own collections (issue 31). Talks to its parent over IPC:
 * `poll` → polls until `stop` → `stopped` (each poll's times and the process's CPU).
 */
import http from 'node:http';
import zlib from 'node:zlib';

export type PollersCommand =
  { type: 'poll'; url: string; access: string; workspaces: number[] } | { type: 'stop' };

export interface PollersReport {
  type: 'stopped';
  headersMs: number[];
  /** to the answer's last byte: the server's time and the network's, not this process's */
  lastByteMs: number[];
  /** to the body decompressed and parsed as JSON, as a page has it */
  parsedMs: number[];
  cpuMs: number;
}

const POLL_INTERVAL_MS = 2000;

const timers: NodeJS.Timeout[] = [];
const headersMs: number[] = [];
const lastByteMs: number[] = [];
const parsedMs: number[] = [];
let cpuAtStart = process.cpuUsage();

/** keep-alive, one connection per workspace at most, as a browser tab keeps its own */
const agent = new http.Agent({ keepAlive: true });

/**
 * One poll: timed to the answer's headers, to its last byte (the server's and the network's
 * share) and to its body decompressed and parsed (what a page has; this process's CPU too).
 */
function poll(url: string, access: string, workspaceId: number): void {
  const started = performance.now();
  const request = http.get(
    `${url}/api/groups/${workspaceId}/devices-states/`,
    { agent, headers: { authorization: `Bearer ${access}`, 'accept-encoding': 'br, gzip' } },
    (response) => {
      const headersAt = performance.now();
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const lastByteAt = performance.now();
        const body = Buffer.concat(chunks);
        const encoding = response.headers['content-encoding'];
        const json =
          encoding === 'br'
            ? zlib.brotliDecompressSync(body)
            : encoding === 'gzip'
              ? zlib.gunzipSync(body)
              : body;
        if (response.statusCode !== 200)
          return console.error(`devices-states: ${response.statusCode} ${json}`);
        JSON.parse(json.toString());
        headersMs.push(headersAt - started);
        lastByteMs.push(lastByteAt - started);
        parsedMs.push(performance.now() - started);
      });
    },
  );
  // a poll still on its way when the server stops is not a figure (nor a crash)
  request.on('error', (error) => timers.length > 0 && console.error(error));
}

process.on('message', (command: PollersCommand) => {
  if (command.type === 'poll') {
    const { url, access, workspaces } = command;
    cpuAtStart = process.cpuUsage();
    const start = performance.now();
    workspaces.forEach((workspaceId, i) => {
      // each workspace keeps its own phase in the interval, as tabs opened at different times do
      let due = start + (i / workspaces.length) * POLL_INTERVAL_MS;
      const next = () => {
        poll(url, access, workspaceId);
        due += POLL_INTERVAL_MS;
        timers[i] = setTimeout(next, Math.max(0, due - performance.now()));
      };
      timers[i] = setTimeout(next, Math.max(0, due - performance.now()));
    });
  } else {
    timers.forEach((timer) => clearTimeout(timer));
    timers.length = 0;
    const used = process.cpuUsage(cpuAtStart);
    const report: PollersReport = {
      type: 'stopped',
      headersMs,
      lastByteMs,
      parsedMs,
      cpuMs: (used.user + used.system) / 1000,
    };
    process.send!(report, undefined, {}, () => process.disconnect());
  }
});
