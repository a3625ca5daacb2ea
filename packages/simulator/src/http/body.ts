import type { IncomingMessage } from 'node:http';
import { HttpError } from './errors.js';

/** Reads the whole body, refusing (413) as soon as it passes `limit` bytes. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? NaN);
  if (declared > limit) throw tooLarge(limit);
  if (Number.isSafeInteger(declared) && declared >= 0) return readDeclared(req, declared);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks, size);
}

/**
 * A body of a declared length (Node's parser holds the client to it), copied into one buffer
 * as it comes: a 50 MB upload was kept as some 800 chunks and then joined (issue 31).
 */
async function readDeclared(req: IncomingMessage, declared: number): Promise<Buffer> {
  const body = Buffer.allocUnsafe(declared);
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.copy(body, size);
  }
  return body.subarray(0, size);
}

function tooLarge(limit: number): HttpError {
  return new HttpError(413, `Request body exceeds ${limit} bytes`, {
    headers: { connection: 'close' },
  });
}

export function isJsonRequest(req: IncomingMessage): boolean {
  const type = req.headers['content-type'] ?? '';
  return /^application\/json\b/i.test(type);
}

/** Parses a JSON body; `undefined` for an empty one. Malformed JSON is a 400. */
export function parseJson(body: Buffer): unknown {
  if (body.length === 0) return undefined;
  try {
    return JSON.parse(body.toString('utf8')) as unknown;
  } catch {
    throw new HttpError(400, 'Failed to decode JSON object');
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function requestUrl(req: IncomingMessage): URL {
  return new URL(req.url ?? '/', 'http://simulator.invalid');
}
