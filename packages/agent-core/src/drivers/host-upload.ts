import http from 'node:http';
import https from 'node:https';
import type { MultipartUpload } from './host-files.js';

/** The longest answer to an upload that is read (OctoPrint's and Moonraker's are about 1 KB). */
const MAX_ANSWER_BYTES = 1024 * 1024;

/**
 * POSTs a file upload with plain `node:http`, its body piped from the file a MiB at a time,
 * and answers the host's reply as a `Response` (any status: the caller maps non-2xx). `fetch`
 * took each chunk through its web streams and wrote the body in many small pieces; this is
 * what the PrusaLink driver does for its requests (issue 31, docs/benchmarks.md).
 *
 * A redirect is an error, as `fetch`'s `redirect: 'error'` made it: a host never redirects an
 * upload. An answer the host sends before it has the whole body (413, a refused key) ends the
 * upload; the error of the write it interrupts does not hide the answer.
 */
export function postUpload(
  url: string,
  headers: Record<string, string>,
  upload: MultipartUpload,
  signal: AbortSignal,
): Promise<Response> {
  return new Promise<Response>((resolve, reject) => {
    let isDone = false;
    let isAnswered = false;
    const finish = (error: unknown, response?: Response) => {
      if (isDone) return;
      isDone = true;
      signal.removeEventListener('abort', onAbort);
      upload.body.unpipe(outgoing);
      // the answer is read whole: its connection (one of its own) goes at once
      outgoing.destroy();
      if (response) resolve(response);
      else reject(error);
    };
    const target = new URL(url);
    const send = target.protocol === 'https:' ? https.request : http.request;
    // a connection of its own: an upload is never retried on a reused one the host closed
    const outgoing = send(target, { method: 'POST', headers, agent: false }, (incoming) => {
      isAnswered = true;
      const status = incoming.statusCode ?? 0;
      if (status < 200 || status > 599) {
        finish(new Error(`the host answered HTTP ${status}`));
        return;
      }
      if (status >= 300 && status < 400) {
        finish(new Error(`the host redirected the upload (HTTP ${status})`));
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES) finish(new Error('the host answered more than 1 MB'));
        else chunks.push(chunk);
      });
      incoming.on('end', () => finish(null, toResponse(incoming, Buffer.concat(chunks))));
      incoming.on('error', (error) => finish(error));
      incoming.on('close', () => finish(new Error('the host closed the answer before its end')));
    });
    const onAbort = () => finish(signal.reason ?? new Error('aborted'));
    if (signal.aborted) {
      onAbort();
      return;
    }
    signal.addEventListener('abort', onAbort, { once: true });
    outgoing.on('error', (error) => {
      if (!isAnswered) finish(error);
    });
    upload.body.on('error', (error) => finish(error));
    upload.body.pipe(outgoing);
  });
}

function toResponse(incoming: http.IncomingMessage, body: Buffer): Response {
  const headers = new Headers();
  for (const [name, value] of Object.entries(incoming.headers)) {
    if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
  }
  const status = incoming.statusCode ?? 0;
  const hasBody = body.length > 0 && ![204, 205, 304].includes(status);
  return new Response(hasBody ? body : null, { status, headers });
}
