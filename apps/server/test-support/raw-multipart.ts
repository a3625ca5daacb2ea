import http from 'node:http';
import type { TestServer } from './test-server.js';

export interface RawUpload {
  token: string;
  workspaceId: number;
  /** the Content-Length header, which may promise more than is sent */
  declaredLength: number;
  /** bytes of the file part to send (the form is never finished) */
  send: Buffer[];
  /** destroy the socket after sending, once this resolves */
  abortAfter?: () => Promise<void>;
}

/**
 * A multipart upload written by hand on a raw HTTP request, for what fetch cannot do: promise
 * a length it never sends, or vanish mid-body. Resolves with status 0 when no answer came.
 */
export function postRawMultipart(t: TestServer, upload: RawUpload) {
  const boundary = 'printdeck-raw-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.gcode"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read any shape
  return new Promise<{ status: number; body: any; connection?: string }>((resolve) => {
    const request = http.request(new URL(`/api/groups/${upload.workspaceId}/files/`, t.baseUrl), {
      method: 'POST',
      headers: {
        authorization: `Bearer ${upload.token}`,
        'content-type': `multipart/form-data; boundary=${boundary}`,
        'content-length': String(upload.declaredLength),
      },
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        resolve({
          status: response.statusCode ?? 0,
          body: text ? JSON.parse(text) : null,
          connection: response.headers.connection,
        });
        request.destroy();
      });
    });
    request.on('error', () => resolve({ status: 0, body: null }));
    request.on('close', () => resolve({ status: 0, body: null }));
    request.write(head);
    for (const chunk of upload.send) request.write(chunk);
    if (upload.abortAfter) void upload.abortAfter().then(() => request.destroy());
  });
}
