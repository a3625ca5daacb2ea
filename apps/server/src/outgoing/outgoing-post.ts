import http from 'node:http';
import https from 'node:https';
import type { NetworkPolicy } from '../modules/lan-printers/lan-networks.js';
import { checkOutgoingTarget } from './outgoing-target.js';

export interface OutgoingAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** the first bytes of the body, as text */
  body: string;
}

/** The target was refused by the SSRF rule: never worth a retry until someone changes it. */
export class TargetRefused extends Error {
  constructor(reason: string) {
    super(`The address was refused: ${reason}.`);
    this.name = 'TargetRefused';
  }
}

const ANSWER_KEEP_BYTES = 2048;

/**
 * POSTs a body to a workspace-named address after the SSRF check, connecting to the checked
 * address. Resolves with any HTTP answer (the caller decides what a status means); rejects on
 * refusal, network failure or when `timeoutMs` passes with no whole answer.
 */
export function postToTarget(input: {
  url: string;
  body: string;
  headers: Record<string, string>;
  allowed: NetworkPolicy;
  timeoutMs: number;
}): Promise<OutgoingAnswer> {
  return requestTarget({ ...input, method: 'POST', keepBytes: ANSWER_KEEP_BYTES });
}

/** The answer was longer than the caller takes: refused rather than cut (it would not parse). */
export class AnswerTooLarge extends Error {
  constructor(limit: number) {
    super(`The answer is larger than ${limit} bytes.`);
    this.name = 'AnswerTooLarge';
  }
}

/**
 * Any method to a workspace-named address, after the same SSRF check, connecting to the checked
 * address (Spoolman reads and writes, webhooks). With `keepBytes` the body is cut to it; with
 * `maxBytes` a longer body rejects with AnswerTooLarge.
 */
export async function requestTarget(input: {
  method: 'GET' | 'POST' | 'PUT';
  url: string;
  body?: string;
  headers: Record<string, string>;
  allowed: NetworkPolicy;
  timeoutMs: number;
  keepBytes?: number;
  maxBytes?: number;
}): Promise<OutgoingAnswer> {
  const target = await checkOutgoingTarget(input.url, input.allowed);
  if ('refused' in target) throw new TargetRefused(target.refused);
  const { url, address, family } = target;
  const client = url.protocol === 'https:' ? https : http;
  const keep = input.keepBytes ?? Number.POSITIVE_INFINITY;
  const headers =
    input.body === undefined
      ? input.headers
      : { ...input.headers, 'content-length': String(Buffer.byteLength(input.body)) };
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: input.method,
        headers,
        lookup: (_host, _options, callback) => callback(null, address, family),
        timeout: input.timeoutMs,
        signal: AbortSignal.timeout(input.timeoutMs),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let kept = 0;
        response.on('data', (chunk: Buffer) => {
          if (input.maxBytes !== undefined && kept + chunk.length > input.maxBytes) {
            request.destroy(new AnswerTooLarge(input.maxBytes));
            return;
          }
          if (kept < keep) chunks.push(chunk);
          kept += chunk.length;
        });
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks)
              .subarray(0, Number.isFinite(keep) ? keep : undefined)
              .toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () =>
      request.destroy(Object.assign(new Error('timed out'), { code: 'ETIMEDOUT' })),
    );
    request.on('error', reject);
    request.end(input.body);
  });
}
