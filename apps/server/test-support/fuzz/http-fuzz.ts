import fc from 'fast-check';
import { BAD_IDS, RAW_BODIES, anyValue, bodyFor } from './fuzz-values.js';

interface OpenApiOperation {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
}
export type OpenApiDocument = { paths: Record<string, Record<string, OpenApiOperation>> };

export interface FuzzTarget {
  baseUrl: string;
  /** an administrator's access token, so validation behind sign-in is reached */
  token: string;
  /** ids that exist, used for a path parameter now and then */
  realIds: Record<string, number>;
}

export interface FuzzFailure {
  method: string;
  url: string;
  status: number;
  body: string;
  answer: string;
}

export interface FuzzReport {
  requests: number;
  /** requests sent again after the connection closed before any answer */
  resent: number;
  byStatus: Record<number, number>;
  failures: FuzzFailure[];
}

/** A generated value as a query string would carry it (objects as their JSON). */
const asText = (value: unknown) =>
  typeof value === 'object' && value !== null ? JSON.stringify(value) : String(value);

/** Routes a fuzz must not call: they end the very session it signs in with. */
const SKIPPED = new Set(['DELETE /api/tokens/mine/', 'DELETE /api/users/me/']);

interface PlannedRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/** One malformed request for the operation, drawn from `random`. */
function planRequest(
  target: FuzzTarget,
  path: string,
  method: string,
  operation: OpenApiOperation,
  seed: number,
): PlannedRequest {
  let draws = 0;
  const pick = <T>(arbitrary: fc.Arbitrary<T>): T =>
    fc.sample(arbitrary, { numRuns: 1, seed: seed * 7919 + draws++ })[0]!;
  const random = pick(
    fc.array(fc.double({ min: 0, max: 1, maxExcluded: true, noNaN: true }), {
      minLength: 8,
      maxLength: 8,
    }),
  );
  const url = path.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const real = target.realIds[name] ?? target.realIds.id ?? 1;
    return random[0]! < 0.6
      ? String(real)
      : encodeURIComponent(BAD_IDS[Math.floor(random[1]! * BAD_IDS.length)]!);
  });
  const query = (operation.parameters ?? [])
    .filter((parameter) => parameter.in === 'query')
    .map((parameter) => `${parameter.name}=${encodeURIComponent(asText(pick(anyValue)))}`);
  if (random[2]! < 0.3)
    query.push(`${pick(fc.string({ maxLength: 10 }))}=${encodeURIComponent(pick(fc.string()))}`);
  const headers: Record<string, string> = {};
  if (random[3]! < 0.9) headers.authorization = `Bearer ${target.token}`;
  else if (random[3]! < 0.95) headers.authorization = `Bearer ${'x'.repeat(40)}`;
  if (random[4]! < 0.1)
    headers['idempotency-key'] = pick(fc.string({ minLength: 1, maxLength: 80 })).replace(
      /[^\x21-\x7e]/g,
      'k',
    );
  let body: string | undefined;
  const json = operation.requestBody?.content['application/json'];
  if (method !== 'get' && method !== 'delete') {
    if (json && random[5]! < 0.85) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(pick(bodyFor(Object.keys(json.schema?.properties ?? {}))) ?? null);
    } else {
      const raw = RAW_BODIES[Math.floor(random[6]! * RAW_BODIES.length)]!;
      headers['content-type'] = raw.contentType;
      body = raw.body;
    }
  }
  return {
    method: method.toUpperCase(),
    url: `${target.baseUrl}${url}${query.length ? `?${query.join('&')}` : ''}`,
    headers,
    body,
  };
}

/** One request; status 0 when the connection closed without a whole answer. */
async function send(request: PlannedRequest): Promise<{ status: number; answer: string }> {
  try {
    const response = await fetch(request.url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== undefined ? { body: request.body } : {}),
      redirect: 'manual',
    });
    // an event stream (the printer states) stays open once it answered: its status is the answer
    if (response.headers.get('content-type')?.startsWith('text/event-stream')) {
      await response.body?.cancel();
      return { status: response.status, answer: '' };
    }
    return { status: response.status, answer: await response.text() };
  } catch (error) {
    const cause = error instanceof Error ? String(error.cause) : '';
    return { status: 0, answer: `${String(error)} (${cause})` };
  }
}

/**
 * `count` generated requests spread over every operation of the OpenAPI document, `parallel`
 * at a time; any 5xx (or a connection closed twice without an answer) is a failure, kept with
 * what was sent.
 */
export async function runHttpFuzz(
  target: FuzzTarget,
  document: OpenApiDocument,
  options: { count: number; seed: number; parallel?: number },
): Promise<FuzzReport> {
  const operations = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods)
      .filter(([method]) => !SKIPPED.has(`${method.toUpperCase()} ${path}`))
      .map(([method, operation]) => ({ path, method, operation })),
  );
  const report: FuzzReport = { requests: 0, resent: 0, byStatus: {}, failures: [] };
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < options.count; i = next++) {
      const { path, method, operation } = operations[i % operations.length]!;
      const request = planRequest(target, path, method, operation, options.seed + i);
      let { status, answer } = await send(request);
      if (status === 0) {
        // a keep-alive connection the server closed as this request went out (undici's "other
        // side closed"): sent once more; only a second failure counts
        report.resent += 1;
        ({ status, answer } = await send(request));
      }
      report.requests += 1;
      report.byStatus[status] = (report.byStatus[status] ?? 0) + 1;
      if (status >= 500 || status === 0) {
        report.failures.push({
          method: request.method,
          url: request.url.slice(0, 300),
          status,
          body: (request.body ?? '').slice(0, 300),
          answer: answer.slice(0, 300),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: options.parallel ?? 8 }, worker));
  return report;
}
