import type { IncomingMessage } from 'node:http';
import { readBody } from './body.js';
import { HttpError } from './errors.js';

export interface MultipartPart {
  name: string;
  filename: string | null;
  contentType: string | null;
  data: Buffer;
}

/** Uploads carry a file and a few fields; anything beyond is refused. */
export const MAX_PARTS = 32;
const MAX_HEADER_BYTES = 8 * 1024;
const CRLF = Buffer.from('\r\n');
const HEADER_END = Buffer.from('\r\n\r\n');

/**
 * Parses a complete multipart/form-data body. A missing boundary, a missing end delimiter or
 * malformed part headers are a 400: the body is already bounded, so nothing can hang.
 */
export function parseMultipart(body: Buffer, contentType: string | undefined): MultipartPart[] {
  const boundary = readBoundary(contentType);
  const delimiter = Buffer.from(`--${boundary}`);
  const start = body.indexOf(delimiter);
  if (start === -1) throw malformed('no boundary in body');
  const parts: MultipartPart[] = [];
  let at = start + delimiter.length;
  for (;;) {
    if (body.subarray(at, at + 2).toString() === '--') return parts;
    if (!body.subarray(at, at + 2).equals(CRLF)) throw malformed('bad delimiter line');
    at += 2;
    const headerEnd = body.indexOf(HEADER_END, at);
    if (headerEnd === -1 || headerEnd - at > MAX_HEADER_BYTES) throw malformed('bad part headers');
    const headers = parseHeaders(body.subarray(at, headerEnd).toString('utf8'));
    const dataStart = headerEnd + HEADER_END.length;
    const next = body.indexOf(Buffer.concat([CRLF, delimiter]), dataStart);
    if (next === -1) throw malformed('no end boundary');
    if (parts.length >= MAX_PARTS) throw malformed('too many parts');
    parts.push({ ...headers, data: body.subarray(dataStart, next) });
    at = next + CRLF.length + delimiter.length;
  }
}

/** The text of a non-file field, or undefined. */
export function fieldText(parts: MultipartPart[], name: string): string | undefined {
  const part = parts.find((p) => p.name === name && p.filename === null);
  return part?.data.toString('utf8');
}

export function filePart(parts: MultipartPart[], name: string): MultipartPart | undefined {
  return parts.find((p) => p.name === name && p.filename !== null);
}

function readBoundary(contentType: string | undefined): string {
  const match = /^multipart\/form-data\s*;.*\bboundary=(?:"([^"]+)"|([^;\s]+))/i.exec(
    contentType ?? '',
  );
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary || boundary.length > 200) {
    throw new HttpError(400, 'Expected multipart/form-data with a boundary');
  }
  return boundary;
}

function parseHeaders(text: string): Omit<MultipartPart, 'data'> {
  let name: string | null = null;
  let filename: string | null = null;
  let contentType: string | null = null;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon === -1) throw malformed('bad header line');
    const key = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (key === 'content-type') contentType = value;
    if (key !== 'content-disposition') continue;
    name = /\bname="([^"]*)"/i.exec(value)?.[1] ?? null;
    filename = /\bfilename="([^"]*)"/i.exec(value)?.[1] ?? null;
  }
  if (name === null || name === '') throw malformed('part without a name');
  return { name, filename, contentType };
}

function malformed(reason: string): HttpError {
  return new HttpError(400, `Malformed multipart body: ${reason}`);
}

/** Reads a bounded body (413 past `limit`) and parses it as multipart/form-data. */
export async function readMultipart(req: IncomingMessage, limit: number): Promise<MultipartPart[]> {
  const body = await readBody(req, limit);
  return parseMultipart(body, req.headers['content-type']);
}
