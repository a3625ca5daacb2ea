import type { ServerResponse } from 'node:http';

type Headers = Record<string, string>;

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Headers = {},
): void {
  sendJsonText(res, status, JSON.stringify(body), headers);
}

/** JSON already written (a host whose JSON differs from JavaScript's, e.g. OctoPrint's floats). */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  text: string,
  headers: Headers = {},
): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

export function sendEmpty(res: ServerResponse, status = 204, headers: Headers = {}): void {
  res.writeHead(status, headers);
  res.end();
}

export function sendBytes(
  res: ServerResponse,
  status: number,
  contentType: string,
  body: Buffer | string,
  headers: Headers = {},
): void {
  res.writeHead(status, {
    'content-type': contentType,
    'content-length': Buffer.byteLength(body),
    'x-content-type-options': 'nosniff',
    ...headers,
  });
  res.end(body);
}
